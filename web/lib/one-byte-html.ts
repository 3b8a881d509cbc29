/**
 * The page's HTML with every character above U+00FF written as a numeric character reference (`—` → `&#8212;`), so
 * V8 keeps the document one byte a character (ADR 0085, ADR 0086). A rendered page is copied whole several times after
 * React (Vike's template, its marker injections, the response's bytes); as a two-byte string a 100k-character page is
 * ~200 kB, over V8's 128 kB large-object line, and each copy cost ~5× as much (1.6–2.6 ms against 0.35 ms, measured).
 *
 * A browser reads `&#8212;` in text and attribute values exactly as `—`, so hydration sees the same text. The insides
 * of `<script>` and `<style>` are raw text, where a reference would not be decoded: they are left as they are. The
 * page context Vike serialises beside the HTML gets `\u2014` escapes from a patch to Vike (patches/vike+*.patch).
 */
export function oneByteHtml(html: string): string {
  if (!BEYOND_LATIN1.test(html)) return html;
  const escaped = html.replace(RAW_TEXT_OR_BEYOND_LATIN1, (match) => (match.length > 2 ? match : `&#${match.codePointAt(0)};`));
  // What replace() returns from a two-byte string is two-byte in V8 even when every character in it fits in one byte
  // (ADR 0086): only a copy into new one-byte storage makes the page one byte a character. A <script> or <style> that
  // keeps such a character keeps its page two-byte (JSON-LD with a dash, say), and the copy would lose it.
  return BEYOND_LATIN1.test(escaped) ? escaped : Buffer.from(escaped, 'latin1').toString('latin1');
}

// Without the `u` flag, which made the scan twice as slow (a 72k-character page: ~480 against ~210 µs) and, with `i`,
// folded `s` into `ſ`: a character outside the Basic Multilingual Plane (an emoji) is matched as its two halves, so it
// becomes one reference. A raw-text element is longer than two characters; a character is one or two.
const BEYOND_LATIN1 = /[\u0100-\uffff]/;
const RAW_TEXT_OR_BEYOND_LATIN1 = /<(script|style)\b[\s\S]*?<\/\1\s*>|[\ud800-\udbff][\udc00-\udfff]|[\u0100-\uffff]/g;
