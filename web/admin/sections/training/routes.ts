import type { RouteObject } from 'react-router';
import { crud } from '../../kit/lazy-routes.js';

/** The training module's screens: open-course sessions by date (issue 27). */
export const trainingRoutes: RouteObject[] = [
  ...crud('/admin/sessions', () => import('./session-list.screen.js'), () => import('./session-edit.screen.js')),
];
