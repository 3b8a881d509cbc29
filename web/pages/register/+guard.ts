import type { GuardSync } from 'vike/types';
import { requireGuest } from '../../lib/guards.js';

/** Guest-only: a signed-in user goes home (seed §2, §6). */
const guard: GuardSync = (pageContext) => requireGuest(pageContext);
export default guard;
