import { serialize } from 'node:v8';
import { oneByteHtml } from './one-byte-html.js';

const isOneByte = (text: string) => !/[\u0100-\uffff]/.test(text);
/** How V8 stores the string: its serializer tags one-byte strings '"' (0x22), two-byte ones 'c' after a padding byte. */
const storedOneByte = (text: string) => serialize(text)[2] === 0x22;

describe('oneByteHtml (ADR 0085)', () => {
  it('writes characters above U+00FF as references, in text and in attributes, and keeps Latin-1 (£, é) as it is', () => {
    const html = '<td title="Online licence — 5 users">✓ Valid — £12.50, café</td>';
    const out = oneByteHtml(html);
    expect(out).toBe('<td title="Online licence &#8212; 5 users">&#10003; Valid &#8212; £12.50, café</td>');
    expect(isOneByte(out)).toBe(true);
  });

  it('writes a character outside the Basic Multilingual Plane as one reference', () => {
    expect(oneByteHtml('<p>Fire 🔥 safety</p>')).toBe('<p>Fire &#128293; safety</p>');
  });

  it('leaves the raw text of <script> and <style> alone, where a reference would not be decoded', () => {
    const html = '<script type="application/ld+json">{"name":"A — B"}</script><p>A — B</p><style>.x::before{content:"—"}</style>';
    expect(oneByteHtml(html)).toBe('<script type="application/ld+json">{"name":"A — B"}</script><p>A &#8212; B</p><style>.x::before{content:"—"}</style>');
  });

  it('gives back a string V8 stores one byte a character, not pieces of the two-byte one (ADR 0086)', () => {
    const page = `<main>${'<p>Fire safety training for care homes</p>'.repeat(200)}<p>1–24 of 312 products</p></main>`;
    expect(storedOneByte(page)).toBe(false);
    const out = oneByteHtml(page);
    expect(out).toContain('<p>1&#8211;24 of 312 products</p>');
    expect(storedOneByte(out)).toBe(true);
  });

  it('escapes around several raw text elements, and keeps a page whose raw text has such a character as it must be', () => {
    const html = '<p>a — b</p><script>var s="—"</script><p>c – d</p><style>p{}</style><p>e … f</p>';
    const out = oneByteHtml(html);
    expect(out).toBe('<p>a &#8212; b</p><script>var s="—"</script><p>c &#8211; d</p><style>p{}</style><p>e &#8230; f</p>');
    expect(oneByteHtml('<p>a — b</p><script>1</script><p>ok</p>')).toBe('<p>a &#8212; b</p><script>1</script><p>ok</p>');
    expect(storedOneByte(oneByteHtml('<p>a — b</p><script>1</script><p>ok</p>'))).toBe(true);
  });

  it('writes a lone surrogate as its own reference, as the encoder would have replaced it', () => {
    expect(oneByteHtml('<p>a\ud83d b</p>')).toBe('<p>a&#55357; b</p>');
  });

  it('returns the same string when there is nothing to write', () => {
    const html = '<p>£5 only</p>';
    expect(oneByteHtml(html)).toBe(html);
  });
});
