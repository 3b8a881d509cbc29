import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { productPath } from '../../../lib/catalogue.js';
import { jsonForScript, productStructuredData } from '../../../lib/catalogue-structured-data.js';
import { useShell } from '../../../lib/shell.js';
import type { Data } from './+data.js';

/**
 * Added to the root +Head (canonical URL, og:url): og:type=product, the first image as the share image
 * (unless the SEO entry names one), and the schema.org Product as JSON-LD. The head is rendered on the
 * server only, where the page context carries the request's CSP nonce: the data block gets it like Vike's own
 * JSON blocks. A data block never runs, so the policy need not admit it; on a cached page, the same bytes for every
 * visitor, the nonce is taken off again (ADR 0095).
 */
export default function Head() {
  const { product } = useData<Data>();
  const shell = useShell();
  const pageContext = usePageContext() as { cspNonce?: string | null };
  const absolute = (url: string) => (url.startsWith('/') ? `${shell.publicUrl}${url}` : url);
  const image = shell.seo?.share_image ? null : product.images[0]?.url;
  const structured = productStructuredData(product, `${shell.publicUrl}${productPath(product.slug)}`, shell.publicUrl);
  return (
    <>
      <meta property="og:type" content="product" />
      {image ? <meta property="og:image" content={absolute(image)} /> : null}
      <script type="application/ld+json" nonce={pageContext.cspNonce ?? undefined} data-product-jsonld="" dangerouslySetInnerHTML={{ __html: jsonForScript(structured) }} />
    </>
  );
}
