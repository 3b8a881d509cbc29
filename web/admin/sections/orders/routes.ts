import type { RouteObject } from 'react-router';
import { crud, screen } from '../../kit/lazy-routes.js';

/** The orders module's screens: orders (placed by customers, so no "add"), delivery types. */
export const ordersRoutes: RouteObject[] = [
  { path: '/admin/orders', lazy: screen(() => import('./order-list.screen.js')) },
  { path: '/admin/orders/:id', lazy: screen(() => import('./order-edit.screen.js')) },
  ...crud('/admin/delivery', () => import('./delivery-list.screen.js'), () => import('./delivery-edit.screen.js')),
];
