import { createHash } from 'node:crypto';
import { inlineSourceHashes } from './inline-hashes.js';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineSourceHashes', () => {
  it('hashes the text of each inline script and style element, once per distinct text', () => {
    const html = '<head><style>p{color:red}</style></head><body><script type="module" async>import("/a.js");</script>'
      + '<script>window.x = "£1"</script><script type="module" async>import("/a.js");</script></body>';
    expect(inlineSourceHashes(html)).toEqual({ scripts: [sha256('import("/a.js");'), sha256('window.x = "£1"')], styles: [sha256('p{color:red}')] });
  });

  it("leaves out scripts the browser never runs from the page's text: external ones and JSON data blocks", () => {
    const html = '<script src="/assets/a.js"></script><script id="vike_pageContext" type="application/json">{"a":1}</script>'
      + "<script type='application/ld+json' data-product-jsonld=\"\">{}</script><SCRIPT TYPE=\"module\">run()</SCRIPT>";
    expect(inlineSourceHashes(html)).toEqual({ scripts: [sha256('run()')], styles: [] });
  });

  it('ends an element at its first end tag and hashes line breaks as the parser normalises them', () => {
    expect(inlineSourceHashes('<script>a()</script >b()</script>')).toEqual({ scripts: [sha256('a()')], styles: [] });
    expect(inlineSourceHashes('<script>a();\r\nb();\rc();</script>').scripts).toEqual([sha256('a();\nb();\nc();')]);
  });

  it('finds nothing in a page without inline elements', () => {
    expect(inlineSourceHashes('<p>No scripts</p>')).toEqual({ scripts: [], styles: [] });
  });
});
