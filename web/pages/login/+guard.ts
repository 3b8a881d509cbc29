import type { GuardSync } from 'vike/types';
import { requireGuest } from '../../lib/guards.js';

/** Guest-only, except for a non-admin sent here by the admin guard (they may sign in as an administrator). */
const guard: GuardSync = (pageContext) => requireGuest(pageContext, { allowAdminSignIn: true });
export default guard;
