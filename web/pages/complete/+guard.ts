import type { GuardSync } from 'vike/types';
import { requireSignedIn } from '../../lib/guards.js';

/** Only the customer who placed the order sees it (the data hook also checks ownership). */
const guard: GuardSync = (pageContext) => requireSignedIn(pageContext);
export default guard;
