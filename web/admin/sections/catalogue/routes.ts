import type { RouteObject } from 'react-router';
import { crud } from '../../kit/lazy-routes.js';

/** The catalogue's screens: products by category, products, brands. */
export const catalogueRoutes: RouteObject[] = [
  ...crud('/admin/brands', () => import('./brand-list.screen.js'), () => import('./brand-edit.screen.js')),
];
