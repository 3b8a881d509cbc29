import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { type AdminArea, type AreaAccess, reaches, STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, type StaffRole } from '../../../src/shared/contracts/staff.js';
import { useShell } from '../../lib/shell.js';
import { Link } from './links.js';

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

/** The signed-in member of staff's role (null for a customer, who never gets this far: the seed's admin guard). */
export function useStaffRole(): StaffRole | null {
  return useShell().user?.staff_role ?? null;
}

/** Whether the viewer's role reaches an area: `write` decides whether screens offer changes or only show. */
export function useReaches(area: AdminArea, access: AreaAccess = 'read'): boolean {
  return reaches(useStaffRole(), area, access);
}

/**
 * The portal's outlet with its role check: a screen the role does not reach shows the panel, not a screen whose
 * every request answers 403; `/admin` sends a role without the dashboard to its first screen.
 */
export function AreaOutlet() {
  const role = useStaffRole();
  const { pathname } = useLocation();
  if (reachesScreen(role, pathname)) return <Outlet />;
  const home = homeScreenOf(role);
  if (areaOfScreen(pathname) === 'dashboard' && home.path !== '/admin') return <Navigate to={home.path} replace />;
  return <NotForYourRole role={role} />;
}

/** "Not available for your role": what the screen is, what the role does, and where to go instead. */
export function NotForYourRole({ role }: { role: StaffRole | null }) {
  useEffect(() => {
    document.title = 'Not available for your role | Administration Portal';
  }, []);
  const home = homeScreenOf(role);
  const homeReached = reachesScreen(role, home.path);
  return (
    <section className="admin-page" data-admin-page="not-for-your-role">
      <h1>Not available for your role</h1>
      <div className="notice" data-admin-role-panel="">
        <p>
          {role ? (
            <>
              Your staff role is <strong>{STAFF_ROLE_LABELS[role]}</strong>: {STAFF_ROLE_DESCRIPTIONS[role]}. This screen belongs to another part of the
              portal.
            </>
          ) : (
            'Your account has no staff role.'
          )}
        </p>
        <p>If you need it, ask an administrator to change your staff role.</p>
      </div>
      {homeReached && (
        <p>
          <Link to={home.path} data-admin-role-home="">
            Go to {home.label}
          </Link>
        </p>
      )}
    </section>
  );
}
