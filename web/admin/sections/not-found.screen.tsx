import { useEffect } from 'react';
import { Link } from '../kit/links.js';
import { homeScreenOf } from '../kit/screen-areas.js';
import { useStaffRole } from '../kit/staff-access.js';

/** Any path no screen matches, for every staff role alike; the way back is the role's own first screen. */
export function Component() {
  const home = homeScreenOf(useStaffRole());
  useEffect(() => {
    document.title = 'Not found | Administration Portal';
  }, []);
  return (
    <section className="admin-page" data-admin-page="not-found">
      <h1>Not found</h1>
      <p>There is no such page in the Administration Portal.</p>
      <p>
        <Link to={home.path}>Back to {home.path === '/admin' ? 'the dashboard' : home.label}</Link>
      </p>
    </section>
  );
}
