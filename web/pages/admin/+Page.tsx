import { Route, Routes } from 'react-router';
import { AdminLink } from '../../layouts/AdminLayout.js';

function Dashboard() {
  return (
    <section className="admin-page" data-admin-page="dashboard">
      <h1>Dashboard</h1>
      <p>Sales figures and recent orders will appear here once the orders module is in place.</p>
    </section>
  );
}

function AdminNotFound() {
  return (
    <section className="admin-page" data-admin-page="not-found">
      <h1>Not found</h1>
      <p>There is no such page in the Administration Portal.</p>
      <p>
        <AdminLink to="/admin">Back to the dashboard</AdminLink>
      </p>
    </section>
  );
}

/** The portal's routes; sections arrive with their modules. */
export default function Page() {
  return (
    <Routes>
      <Route path="/admin" element={<Dashboard />} />
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
}
