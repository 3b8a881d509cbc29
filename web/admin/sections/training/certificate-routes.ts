import type { RouteObject } from 'react-router';
import { screen } from '../../kit/lazy-routes.js';

/** The training module's certificate screen (issue 26): a list with a Revoke action; certificates are not made here. */
export const certificateRoutes: RouteObject[] = [{ path: '/admin/certificates', lazy: screen(() => import('./certificate-list.screen.js')) }];
