import type { RouteObject } from 'react-router';

/** The identity module's screens: users. */
export const identityRoutes: RouteObject[] = [];
