import type { GuardSync } from 'vike/types';
import { requireSignedIn } from '../../lib/guards.js';

/** Authenticated-only: /account and every page below it (seed §2, §6). */
const guard: GuardSync = (pageContext) => requireSignedIn(pageContext);
export default guard;
