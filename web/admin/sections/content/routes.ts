import type { RouteObject } from 'react-router';
import { crud, screen } from '../../kit/lazy-routes.js';

/** The content module's screens: widgets, blog posts, SEO entries, enquiries, newsletter subscribers. */
export const contentRoutes: RouteObject[] = [
  ...crud('/admin/widgets', () => import('./widget-list.screen.js'), () => import('./widget-edit.screen.js')),
  ...crud('/admin/blog', () => import('./blog-list.screen.js'), () => import('./blog-edit.screen.js')),
  ...crud('/admin/seo', () => import('./seo-list.screen.js'), () => import('./seo-edit.screen.js')),
  // Read-only: what visitors sent; no add or edit screens.
  { path: '/admin/enquiries', lazy: screen(() => import('./enquiry-list.screen.js')) },
  { path: '/admin/newsletter', lazy: screen(() => import('./newsletter-list.screen.js')) },
];
