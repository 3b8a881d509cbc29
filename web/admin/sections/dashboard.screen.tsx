import { useEffect } from 'react';
import { Link } from '../kit/links.js';

export function Component() {
  useEffect(() => {
    document.title = 'Dashboard | Administration Portal';
  }, []);
  return (
    <section className="admin-page" data-admin-page="dashboard">
      <h1>Dashboard</h1>
      <ul className="admin-shortcuts">
        <li>
          <Link to="/admin/delivery">Delivery types</Link>
        </li>
        <li>
          <Link to="/admin/brands">Brand logos</Link>
        </li>
        <li>
          <Link to="/admin/seo">SEO entries</Link>
        </li>
      </ul>
    </section>
  );
}
