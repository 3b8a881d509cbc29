import type { GuardSync } from 'vike/types';
import { requireSignedIn } from '../../lib/guards.js';

/** Checkout is for signed-in customers (product.md); a guest signs in and comes back with the basket kept. */
const guard: GuardSync = (pageContext) => requireSignedIn(pageContext);
export default guard;
