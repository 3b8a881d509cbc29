import type { RouteObject } from 'react-router';
import { crud } from '../../kit/lazy-routes.js';

/** The identity module's screens: users, with the tabs of seed §2. */
export const identityRoutes: RouteObject[] = [
  ...crud('/admin/users', () => import('./user-list.screen.js'), () => import('./user-edit.screen.js')),
];
