import type { ContentFeature } from './content-feature.js';

/** To be filled in (issue 5: enquiries). */
export const enquiriesFeature: ContentFeature = { imports: [], controllers: [], providers: [], exports: [], entities: [] };
