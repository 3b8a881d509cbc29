import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { FieldControls } from '../components/forms/Field.js';
import { ApiError } from '../lib/api.js';
import { AdminLayout } from '../layouts/AdminLayout.js';
import { PORTAL_FIELD_CONTROLS } from './kit/field-controls.js';
import { NotificationsProvider } from './kit/notifications.js';
import { AreaOutlet } from './kit/staff-access.js';
import { adminRoutes } from './routes.js';
import './admin.css';

/**
 * Reads are cached per screen and refreshed when a change is saved (each save invalidates its resource).
 * A 4xx is an answer, not a hiccup: only network failures and 5xx are retried, once.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    },
  },
});

const createAdminRouter = () =>
  createBrowserRouter([
    {
      element: (
        <AdminLayout>
          {/* ADR 0044: a screen the staff role does not reach shows "Not available for your role". */}
          <AreaOutlet />
        </AdminLayout>
      ),
      children: adminRoutes,
    },
  ]);

/** The client-only portal: react-router's data router (lazy screens, blocking unsaved changes) over TanStack Query. */
export function AdminApp() {
  // Made when the portal first renders, not when its module loads: coming from a storefront page (a widget's
  // "Edit" link), Vike loads this module while the address still says the storefront page's, and changes it
  // just before rendering. A router made at load would start at "/" and show "Not found".
  const [router] = useState(createAdminRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <FieldControls value={PORTAL_FIELD_CONTROLS}>
        <NotificationsProvider>
          <RouterProvider router={router} />
        </NotificationsProvider>
      </FieldControls>
    </QueryClientProvider>
  );
}
