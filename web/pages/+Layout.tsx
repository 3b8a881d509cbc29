import type { ReactNode } from 'react';
import { StorefrontLayout } from '../layouts/StorefrontLayout.js';

/** Every page but the admin portal (which clears this layout with `admin/+Layout.clear.tsx`). */
export default function Layout({ children }: { children: ReactNode }) {
  return <StorefrontLayout>{children}</StorefrontLayout>;
}
