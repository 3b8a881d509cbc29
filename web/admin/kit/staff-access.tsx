import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { type AdminArea, type AreaAccess, reaches, STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, type StaffRole } from '../../../src/shared/contracts/staff.js';
import { useShell } from '../../lib/shell.js';
import { Link } from './links.js';
import { accessToScreen, homeScreenOf, isUnknownScreen, reachesScreen } from './screen-areas.js';

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
 * every request answers 403; `/admin` sends a role without the dashboard to its first screen; a path no screen
 * matches is "Not found" for every role (issue 30: it showed non-admin roles the panel).
 */
export function AreaOutlet() {
  const role = useStaffRole();
  const { pathname } = useLocation();
  const matches = useMatches();
  const known = !isUnknownScreen(matches[matches.length - 1]?.handle);
  switch (accessToScreen(role, pathname, known)) {
    case 'screen':
      return <Outlet />;
    case 'home':
      return <Navigate to={homeScreenOf(role).path} replace />;
    case 'panel':
      return <NotForYourRole role={role} />;
  }
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
