import type { ContentFeature } from './content-feature.js';

/** To be filled in (issue 5). */
export const newsletterFeature: ContentFeature = { controllers: [], providers: [], exports: [], entities: [] };
