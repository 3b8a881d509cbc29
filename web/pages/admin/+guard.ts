import type { GuardSync } from 'vike/types';
import { requireAdmin } from '../../lib/guards.js';

/**
 * Admin-only (seed §2, §6). The portal is client-only (`ssr: false`), but Vike still runs `guard` on the
 * server for its HTML and for every `*.pageContext.json` request, so a non-admin never gets the portal's
 * page, not even its empty shell (checked by test/browser/identity.browser-spec.ts).
 */
const guard: GuardSync = (pageContext) => requireAdmin(pageContext);
export default guard;
