/**
 * The page to return to after signing in or registering, from a value a visitor could have written: only a path on
 * this site (one leading `/`, not `//host` or `/\host`, which browsers treat as another host), never a URL with a
 * scheme, nothing with control characters. Anything else gives `null` (no open redirect, ADR 0043). One rule for the
 * server (OAuth's return address) and the storefront (web/lib/redirect.ts): it lives in contracts/, the one part of
 * src/ web/ may import values from (ADR 0039).
 */
export function localPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const base = 'https://shop.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
}
