import { AdminApp } from '../../admin/AdminApp.js';

/** Every /admin/* URL is this one client-only page; react-router picks the screen (web/admin/routes.tsx). */
export default function Page() {
  return <AdminApp />;
}
