import type { RouteObject } from 'react-router';
import { crud } from '../../kit/lazy-routes.js';

/** The orders module's screens: orders, delivery types. */
export const ordersRoutes: RouteObject[] = [
  ...crud('/admin/delivery', () => import('./delivery-list.screen.js'), () => import('./delivery-edit.screen.js')),
];
