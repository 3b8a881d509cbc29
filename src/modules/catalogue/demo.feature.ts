import type { FeatureSlice } from '../../platform/feature-slice.js';

/** Demo catalogue for `make start` and the synthetic catalogue for benchmarks (`catalogue:generate`) (issue 4). */
export const demoFeature: FeatureSlice = {
  controllers: [],
  providers: [],
  exports: [],
  entities: [],
};
