import { button, escapeHtml, htmlEmail, p } from './mail-layout.js';

describe('htmlEmail', () => {
  it('escapes the title, preheader and footer, and keeps the body as given', () => {
    const html = htmlEmail({ brand: 'Shop & Co', title: '<Order>', preheader: 'a "quote"', body: p('Hello'), footer: ['A & B Ltd'] });
    expect(html).toContain('Shop &amp; Co');
    expect(html).toContain('&lt;Order&gt;');
    expect(html).toContain('a &quot;quote&quot;');
    expect(html).toContain('A &amp; B Ltd');
    expect(html).toContain('<p style="margin:0 0 14px;">Hello</p>');
    expect(html).not.toContain('<style');
  });

  it('escapes a button\'s link and label', () => {
    expect(button('https://x.test/?a=1&b="2"', '<Go>')).toContain('href="https://x.test/?a=1&amp;b=&quot;2&quot;"');
    expect(escapeHtml(`<script>'</script>`)).toBe('&lt;script&gt;&#39;&lt;/script&gt;');
  });
});
