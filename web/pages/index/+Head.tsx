import { usePageContext } from 'vike-react/usePageContext';
import logoUrl from '../../assets/logo.svg?no-inline';
import { jsonForScript } from '../../lib/catalogue-structured-data.js';
import { organizationStructuredData } from '../../lib/organization-structured-data.js';
import { useShell } from '../../lib/shell.js';

/** The home page's schema.org Organization (the company from SELLER_*), with the request's CSP nonce like the product page's. */
export default function Head() {
  const shell = useShell();
  const pageContext = usePageContext() as { cspNonce?: string | null };
  const structured = organizationStructuredData(shell.company, shell.appName, shell.publicUrl, logoUrl);
  return <script type="application/ld+json" nonce={pageContext.cspNonce ?? undefined} data-organization-jsonld="" dangerouslySetInnerHTML={{ __html: jsonForScript(structured) }} />;
}
