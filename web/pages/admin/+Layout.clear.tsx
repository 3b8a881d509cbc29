import type { ReactNode } from 'react';

/**
 * Replaces (`.clear`) the storefront layout inherited from `pages/+Layout.tsx`. The portal's own layout lives
 * inside its router (web/admin/AdminApp.tsx), because its menu links are router links.
 */
export default function Layout({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
