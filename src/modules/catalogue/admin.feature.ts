import type { FeatureSlice } from '../../platform/feature-slice.js';

/** The Administration Portal's endpoints: categories, brands (logos), products and their parts (issue 4). */
export const adminFeature: FeatureSlice = {
  controllers: [],
  providers: [],
  exports: [],
  entities: [],
};
