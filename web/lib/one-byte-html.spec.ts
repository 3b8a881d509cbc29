import { oneByteHtml } from './one-byte-html.js';

const isOneByte = (text: string) => !/[\u0100-\uffff]/.test(text);

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

  it('returns the same string when there is nothing to write', () => {
    const html = '<p>£5 only</p>';
    expect(oneByteHtml(html)).toBe(html);
  });
});
