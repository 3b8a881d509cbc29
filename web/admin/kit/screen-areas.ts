import { type AdminArea, reaches, type StaffRole } from '../../../src/shared/contracts/staff.js';

/**
 * The portal's screens by area (ADR 0044), longest prefix first where they nest. The same areas as the API's
 * `@AdminController(path, area)`, from the same map (src/shared/contracts/staff.ts): the menu shows a screen only
 * to a role that reaches its area, and opening one anyway shows `NotForYourRole` instead of a page of 403s.
 * A screen missing here is for the `admin` role alone — a new screen is closed until it is given its area.
 */
export const SCREEN_AREAS: ReadonlyArray<readonly [prefix: string, area: AdminArea, label: string]> = [
  ['/admin/users', 'users', 'Users'],
  ['/admin/products', 'catalogue', 'Products'],
  ['/admin/categories', 'catalogue', 'Categories'],
  ['/admin/brands', 'catalogue', 'Brand Logos'],
  ['/admin/orders', 'orders', 'Orders'],
  ['/admin/delivery', 'orders', 'Delivery'],
  ['/admin/blog', 'content', 'Blog'],
  ['/admin/widgets', 'content', 'Widgets'],
  ['/admin/seo', 'content', 'SEO'],
  ['/admin/enquiries', 'content', 'Enquiries'],
  ['/admin/newsletter', 'content', 'Newsletter'],
  ['/admin/sessions', 'catalogue', 'Sessions'],
];

/** The area of a portal path: `/admin` itself is the dashboard; null for a path no area claims. */
export function areaOfScreen(path: string): AdminArea | null {
  const clean = path.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/';
  if (clean === '/admin') return 'dashboard';
  return SCREEN_AREAS.find(([prefix]) => clean === prefix || clean.startsWith(`${prefix}/`))?.[1] ?? null;
}

/** Whether a role may open a portal path (unclaimed paths: the `admin` role only). */
export function reachesScreen(role: StaffRole | null | undefined, path: string): boolean {
  const area = areaOfScreen(path);
  return area ? reaches(role, area) : role === 'admin';
}

/** Marks the portal's catch-all route (`handle`): a path no screen matches. */
export const UNKNOWN_SCREEN = { unknownScreen: true } as const;

/** Whether a matched route is the catch-all: its `handle` is UNKNOWN_SCREEN. */
export function isUnknownScreen(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as { unknownScreen?: unknown }).unknownScreen === true;
}

/**
 * What the portal draws at a path for a role: the screen, a redirect to the role's first screen (`/admin` for a role
 * without the dashboard), or the "Not available for your role" panel. A path no screen matches (`known` false) is
 * the screen "Not found" for every role: the panel there would tell a role that something exists behind the address.
 */
export function accessToScreen(role: StaffRole | null | undefined, path: string, known: boolean): 'screen' | 'home' | 'panel' {
  if (!known || reachesScreen(role, path)) return 'screen';
  if (areaOfScreen(path) === 'dashboard' && homeScreenOf(role).path !== '/admin') return 'home';
  return 'panel';
}

/** Where a role lands on `/admin`: the dashboard, or the first screen it reaches (catalogue → products). */
export function homeScreenOf(role: StaffRole | null | undefined): { path: string; label: string } {
  if (reaches(role, 'dashboard')) return { path: '/admin', label: 'Dashboard' };
  const [path, , label] = SCREEN_AREAS.find(([, area]) => reaches(role, area)) ?? ['/admin', 'dashboard', 'Dashboard'];
  return { path, label };
}
