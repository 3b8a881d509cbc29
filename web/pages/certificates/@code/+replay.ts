/**
 * The certificate page's data hook counts unknown codes against the visitor's rate limit (a write), so its fresh
 * renders stay with Vike: the shop's own render (ADR 0087) falls back to Vike on a 404, which would count it twice.
 */
export default false;
