/**
 * Under HTTPS the shop's own cookies are named `__Host-…` (issue 16): browsers then accept them only when Secure,
 * with `Path=/` and no `Domain`, so a neighbouring subdomain or a plain-HTTP page cannot plant a session or a
 * basket cookie for us (cookie tossing, session fixation). Over plain HTTP (development, tests) the names stay as
 * they are, since browsers refuse `__Host-` cookies there. The scheme is the shop's `PUBLIC_URL`, fixed at start.
 * `XSRF-TOKEN` keeps its name: it is the seed's, read by the page's scripts, and bound to the session instead.
 */
let hostPrefixed = false;

/** Called once at start-up with whether the shop is served over HTTPS. */
export function useHostPrefixedCookies(https: boolean): void {
  hostPrefixed = https;
}

/** The name a cookie of ours has on this shop: `shop_session` or `__Host-shop_session`. */
export function cookieName(base: string): string {
  return hostPrefixed ? `__Host-${base}` : base;
}
