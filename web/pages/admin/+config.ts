import type { Config } from 'vike/types';

/**
 * The Administration Portal: one client-only page for every /admin/* URL (see `+route.ts`); react-router
 * routes inside it. Its JavaScript stays out of the storefront pages' bundles.
 */
export default {
  ssr: false,
} satisfies Config;
