import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AdminLayout } from '../../layouts/AdminLayout.js';

/** Replaces (`.clear`) the storefront layout inherited from `pages/+Layout.tsx`. */
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <BrowserRouter>
      <AdminLayout>{children}</AdminLayout>
    </BrowserRouter>
  );
}
