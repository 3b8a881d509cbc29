import type { RouteObject } from 'react-router';
import { screen } from '../../kit/lazy-routes.js';

/** A session's register (issue 27, ADR 0049), under the Sessions screen's path and so its area (catalogue). */
export const registerRoutes: RouteObject[] = [{ path: '/admin/sessions/:id/register', lazy: screen(() => import('./session-register.screen.js')) }];
