/**
 * FNV-1a over a text's UTF-16 code units: a stable 32-bit hash, the same on every machine and run. For the demo data's
 * seeds, the SEO entries' path set (ADR 0092) and the page cache's URLs asked for once (ADR 0098), where a collision,
 * chosen or not, costs no more than a lookup or a page kept early; not for anything that must resist one.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
