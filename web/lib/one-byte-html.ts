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
  const first = html.search(BEYOND_LATIN1);
  if (first < 0) return html;
  const rawText = rawTextRanges(html);
  // An exec() loop and slices, not replace() with a callback: on a two-byte page of 88k characters with one dash,
  // replace() took ~780 µs and this ~50 µs (ADR 0087), most of it the scan.
  const beyond = new RegExp(BEYOND_LATIN1.source, 'g');
  beyond.lastIndex = first;
  let out = '';
  let copied = 0;
  let keptBeyond = false;
  let range = 0;
  for (let match = beyond.exec(html); match !== null; match = beyond.exec(html)) {
    const at = match.index;
    while (range < rawText.length && rawText[range]![1] <= at) range++;
    if (range < rawText.length && rawText[range]![0] <= at) {
      // Raw text (a <script> or <style>): a reference there would not be decoded, so the character stays.
      keptBeyond = true;
      beyond.lastIndex = rawText[range]![1];
      continue;
    }
    // A surrogate pair (an emoji) is one character and one reference; a lone surrogate is its own reference.
    const codePoint = html.codePointAt(at)!;
    out += `${html.slice(copied, at)}&#${codePoint};`;
    copied = at + (codePoint > 0xffff ? 2 : 1);
    beyond.lastIndex = copied;
  }
  const escaped = out + html.slice(copied);
  // What slices of a two-byte string make is two-byte in V8 even when every character in it fits in one byte
  // (ADR 0086): only a copy into new one-byte storage makes the page one byte a character. A <script> or <style> that
  // keeps such a character keeps its page two-byte (JSON-LD with a dash, say), and the copy would lose it.
  return keptBeyond ? escaped : Buffer.from(escaped, 'latin1').toString('latin1');
}

/** Where the page's <script> and <style> elements start and end, in order; none for most pages' bodies. */
function rawTextRanges(html: string): Array<[number, number]> {
  // includes() rather than a regular expression: most pages' bodies have neither, and a regex scan of every `<` in a
  // 36k-character page was ~3% of a fresh render (ADR 0087).
  if (!html.includes('<script') && !html.includes('<style')) return [];
  const ranges: Array<[number, number]> = [];
  const rawText = new RegExp(RAW_TEXT.source, 'g');
  for (let match = rawText.exec(html); match !== null; match = rawText.exec(html)) ranges.push([match.index, match.index + match[0].length]);
  return ranges;
}

// Without the `u` flag, which made the scan twice as slow (a 72k-character page: ~480 against ~210 µs) and, with `i`,
// folded `s` into `ſ`: a character outside the Basic Multilingual Plane (an emoji) is matched as its two halves.
const BEYOND_LATIN1 = /[\u0100-\uffff]/;
const RAW_TEXT = /<(script|style)\b[\s\S]*?<\/\1\s*>/;
