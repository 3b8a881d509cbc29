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

/** Where a role lands on `/admin`: the dashboard, or the first screen it reaches (catalogue → products). */
export function homeScreenOf(role: StaffRole | null | undefined): { path: string; label: string } {
  if (reaches(role, 'dashboard')) return { path: '/admin', label: 'Dashboard' };
  const [path, , label] = SCREEN_AREAS.find(([, area]) => reaches(role, area)) ?? ['/admin', 'dashboard', 'Dashboard'];
  return { path, label };
}
