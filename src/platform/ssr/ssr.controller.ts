import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { CompanyDetails } from '../../config/company.js';
import { Environment } from '../../config/environment.js';
import { SHOP_NAME } from '../../config/shop.js';
import type { Viewer } from '../../shared/viewer.js';
import type { ReplyWithNonce } from '../http/index.js';
import { clientKey } from '../rate-limit/index.js';
import { compressPage } from './page-compression.js';
import type { PageBasketVisitor, PageServices, PageViewer, ShellCompany, ShellData } from './page-context.js';
import { PAGE_SERVICES, PageRenderer } from './page-renderer.js';

// Vike sets its own (narrower) CSP when given a nonce; ours from helmet already covers the page.
const HEADERS_WE_SET = new Set(['content-security-policy']);

/** Pages that show one visitor's own things whoever asks (and their `*.pageContext.json`). */
const PERSONAL_PAGES = /^\/(account|admin|basket|checkout|complete|cancelled|learn)(\/|$)/;

/**
 * Pages are never for shared caches. A page with someone's account, basket or order on it, or any page for a
 * signed-in visitor (the top bar names them), is also kept off the browser's disk and back/forward cache
 * (`no-store`, as the API answers; issue 25): on a shared computer the next person's Back button or a look at
 * the cache folder must not show it. Anonymous catalogue pages may be kept and revalidated.
 */
export function pageCacheControl(pathname: string, signedIn: boolean): string {
  return signedIn || PERSONAL_PAGES.test(pathname) ? 'no-store' : 'private, no-cache';
}

/**
 * Every GET that no API route or static file claimed is a page. Routes with fixed paths win over this
 * wildcard in Fastify's router, so the order of registration does not matter.
 */
@ApiExcludeController()
@Controller()
export class SsrController {
  private readonly company: ShellCompany;

  constructor(
    private readonly renderer: PageRenderer,
    private readonly env: Environment,
    @Inject(PAGE_SERVICES) private readonly services: PageServices,
    company: CompanyDetails,
  ) {
    this.company = toShellCompany(company);
  }

  @Get('*')
  async page(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) throw new NotFoundException('No such API endpoint.');

    const viewer = viewerOf(request);
    const basketVisitor: PageBasketVisitor = { userId: viewer?.userId ?? null, guestToken: this.services.basket.guestToken(request.cookies) };
    const page = await this.renderer.render({
      url: request.url,
      headers: request.headers as Record<string, string>,
      cspNonce: (reply as ReplyWithNonce).cspNonce?.script,
      shell: await this.shellFor(viewer, basketVisitor),
      viewer,
      basketVisitor,
      clientKey: clientKey(request.ip),
    });
    for (const [name, value] of page.headers) {
      if (!HEADERS_WE_SET.has(name.toLowerCase())) void reply.header(name, value);
    }
    void reply.header('cache-control', pageCacheControl(pathname, viewer !== null));
    void reply.header('vary', 'Accept-Encoding');
    if (page.shared) {
      // A cached page carries no nonce: the same bytes for everyone, its inline script admitted by hash, and a
      // validator, so a browser that holds the page revalidates it for a 304 instead of the page again (ADR 0095).
      const policy = (reply as ReplyWithNonce).contentSecurityPolicy;
      if (policy) void reply.header('content-security-policy', page.shared.contentSecurityPolicy(policy));
      void reply.header('etag', page.shared.etag);
      if (fresh(request.headers, { etag: page.shared.etag })) {
        await reply.status(304).send();
        return;
      }
    }
    // Compressed here, not by a proxy in front: `bin/shop serve` is what answers phones when no proxy is set up, and a
    // 30 kB page is 7 kB compressed — a quarter of a second on a slow mobile network (ADR 0058). A cached page's copies
    // are made once; any other page is one visitor's and compressed for them.
    const accept = request.headers['accept-encoding'];
    const { body, encoding } = page.shared ? await page.shared.forClient(accept) : await compressPage(page.body, accept);
    if (encoding) void reply.header('content-encoding', encoding);
    await reply.status(page.statusCode).send(body);
  }

  /** Seed: the top bar shows the basket's grand total from the start, so the shell carries it. */
  private async shellFor(viewer: PageViewer, basketVisitor: PageBasketVisitor): Promise<ShellData> {
    const user = viewer && { first_name: viewer.firstName, last_name: viewer.lastName, email: viewer.email, role: viewer.role, staff_role: viewer.staffRole };
    // No basket cookie and nobody signed in: nothing to look up (most anonymous page views).
    const basket = basketVisitor.userId === null && basketVisitor.guestToken === null ? null : await this.services.basket.get(basketVisitor);
    const summary = basket ? { grand_total: basket.totals.grand_total, items: basket.totals.items } : { grand_total: '0.00', items: 0 };
    // The SEO entry for the path is looked up by the renderer, which holds the page services.
    return {
      appName: SHOP_NAME, user, basket: summary, publicUrl: this.env.publicUrl, seo: null, company: this.company,
      paymentsSimulated: this.env.paymentProvider === 'test',
    };
  }
}

/** The company's public details as every page's shell carries them (also what the bench's in-process render passes). */
export function toShellCompany(company: CompanyDetails): ShellCompany {
  return Object.freeze({
    legal_name: company.legalName, address_lines: company.addressLines, country: company.country, phone: company.phone,
    phone_e164: company.phoneE164, email: company.email, vat_number: company.vatNumberDisplay, company_number: company.companyNumber,
    social_links: company.socialLinks,
  });
}

/** Identity's session guard has resolved the viewer before any controller runs (null when anonymous). */
function viewerOf(request: FastifyRequest): PageViewer {
  return (request as FastifyRequest & { viewer?: Viewer | null }).viewer ?? null;
}
