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
  BEYOND_LATIN1.lastIndex = 0;
  let found = BEYOND_LATIN1.exec(html);
  if (found === null) return html;
  const rawText = rawTextRanges(html);
  let escaped = '';
  let copied = 0;
  let range = 0;
  let rawTextKeptOne = false;
  while (found !== null) {
    const at = found.index;
    while (range < rawText.length && rawText[range]![1] <= at) range += 1;
    if (range < rawText.length && rawText[range]![0] <= at) {
      // Inside a <script> or <style>: left as it is, and the scan goes on after it.
      rawTextKeptOne = true;
      BEYOND_LATIN1.lastIndex = rawText[range]![1];
    } else {
      // A surrogate pair (an emoji) is one code point and one reference; a lone surrogate is its own, as before.
      const codePoint = html.codePointAt(at)!;
      escaped += `${html.slice(copied, at)}&#${codePoint};`;
      copied = at + (codePoint > 0xffff ? 2 : 1);
      BEYOND_LATIN1.lastIndex = copied;
    }
    found = BEYOND_LATIN1.exec(html);
  }
  escaped += html.slice(copied);
  // Pieces of a two-byte string stay two-byte in V8 even when every character in them fits in one byte, and so does
  // whatever is joined from them (`replace()` too): only new one-byte storage makes the page one byte a character.
  // A raw text element keeps its characters above U+00FF, so its page stays two-byte (JSON-LD with a dash, say).
  return rawTextKeptOne ? escaped : Buffer.from(escaped, 'latin1').toString('latin1');
}

/** Where each `<script>…</script>` and `<style>…</style>` is, as [start, end); most pages' bodies have none. */
function rawTextRanges(html: string): Array<[number, number]> {
  if (!html.includes('<script') && !html.includes('<style')) return [];
  const ranges: Array<[number, number]> = [];
  for (const element of html.matchAll(RAW_TEXT)) ranges.push([element.index, element.index + element[0].length]);
  return ranges;
}

// Without the `u` flag, which made the scan twice as slow and, with `i`, folded `s` into `ſ` (ADR 0085).
const BEYOND_LATIN1 = /[\u0100-\uffff]/g;
const RAW_TEXT = /<(script|style)\b[\s\S]*?<\/\1\s*>/g;
