import type { RouteObject } from 'react-router';
import { screen } from './kit/lazy-routes.js';
import { UNKNOWN_SCREEN } from './kit/screen-areas.js';
import { catalogueRoutes } from './sections/catalogue/routes.js';
import { contentRoutes } from './sections/content/routes.js';
import { identityRoutes } from './sections/identity/routes.js';
import { ordersRoutes } from './sections/orders/routes.js';
import { trainingRoutes } from './sections/training/routes.js';
import { certificateRoutes } from './sections/training/certificate-routes.js';
import { registerRoutes } from './sections/training/register-routes.js';

/** The portal's screens (seed §2 "Admin routes"), by module; the layout around them is `AdminApp`'s. */
export const adminRoutes: RouteObject[] = [
  { path: '/admin', lazy: screen(() => import('./sections/dashboard/dashboard.screen.js')) },
  ...identityRoutes,
  ...catalogueRoutes,
  ...ordersRoutes,
  ...contentRoutes,
  ...trainingRoutes,
  ...certificateRoutes,
  ...registerRoutes,
  // Marked, so the role check lets "Not found" through for every role (AreaOutlet).
  { path: '*', handle: UNKNOWN_SCREEN, lazy: screen(() => import('./sections/not-found.screen.js')) },
];
