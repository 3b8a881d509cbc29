import { usePageContext } from 'vike-react/usePageContext';
import type { ShellData } from '../../src/platform/ssr/page-context.js';

/** Used only if no shell data ever reached this browser page (should not happen: the server sends it on every request). */
const FALLBACK_SHELL: ShellData = Object.freeze({
  appName: 'Shop',
  user: null,
  basket: Object.freeze({ grand_total: '0.00', items: 0 }),
  publicUrl: '',
  seo: null,
  company: Object.freeze({
    legal_name: 'Shop', address_lines: [], country: 'United Kingdom', phone: '', phone_e164: '', email: '', vat_number: '',
    company_number: '', social_links: [],
  }),
  paymentsSimulated: false,
});

let lastClientShell: ShellData | undefined;

/**
 * The shell data of a page context. Vike renders its error page in the browser without asking the
 * server, so that page context may lack `shell`: the browser then keeps the last one it saw. (Never
 * cached on the server, where one module instance serves every visitor.)
 */
export function resolveShell(pageContext: { shell?: ShellData | undefined }): ShellData {
  const shell = pageContext.shell;
  if (shell) {
    if (!import.meta.env.SSR) lastClientShell = shell;
    return shell;
  }
  return lastClientShell ?? FALLBACK_SHELL;
}

export function useShell(): ShellData {
  return resolveShell(usePageContext() as { shell?: ShellData });
}
