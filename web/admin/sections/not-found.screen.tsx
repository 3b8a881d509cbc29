import { useEffect } from 'react';
import { Link } from '../kit/links.js';

export function Component() {
  useEffect(() => {
    document.title = 'Not found | Administration Portal';
  }, []);
  return (
    <section className="admin-page" data-admin-page="not-found">
      <h1>Not found</h1>
      <p>There is no such page in the Administration Portal.</p>
      <p>
        <Link to="/admin">Back to the dashboard</Link>
      </p>
    </section>
  );
}
