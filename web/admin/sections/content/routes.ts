import type { RouteObject } from 'react-router';
import { crud } from '../../kit/lazy-routes.js';

/** The content module's screens: widgets, blog posts, SEO entries, enquiries, newsletter subscribers. */
export const contentRoutes: RouteObject[] = [
  ...crud('/admin/seo', () => import('./seo-list.screen.js'), () => import('./seo-edit.screen.js')),
];
