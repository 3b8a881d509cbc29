import type { FeatureSlice } from '../../platform/feature-slice.js';
import { CatalogueSeeder } from './adapters/demo/mikro-orm-catalogue.seeder.js';
import { SyntheticCatalogueGenerator } from './adapters/demo/sql-synthetic-catalogue.generator.js';

/**
 * Demo catalogue for `make start` (`CatalogueSeeder`, run by `shop db:seed --demo`) and the synthetic
 * catalogue for benchmarks (`SyntheticCatalogueGenerator`, run by `shop catalogue:generate`) (issue 4).
 * No controllers: only the command line and the tests use them. The entities belong to the browse slice.
 */
export const demoFeature: FeatureSlice = {
  controllers: [],
  providers: [CatalogueSeeder, SyntheticCatalogueGenerator],
  exports: [CatalogueSeeder, SyntheticCatalogueGenerator],
  entities: [],
};
