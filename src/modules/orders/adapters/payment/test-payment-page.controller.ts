import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiExcludeEndpoint, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../../../shared/domain-error.js';
import { formatPounds } from '../../../../shared/money.js';
import type { Viewer } from '../../../../shared/viewer.js';
import type { ReplyWithNonce } from '../../../../platform/http/index.js';
import { TestPaymentDesk, type TestSessionView } from './test-payment-desk.js';

/**
 * The embedded test provider's hosted page, `/pay/test/{reference}`: deliberately not the storefront (no shop
 * layout), so it feels like leaving for a payment provider and coming back. The page's one script carries this
 * response's CSP nonce; Pay POSTs JSON (the shop takes no form bodies) with the XSRF header, then follows the
 * answer to /complete; Cancel is a plain link to /cancelled, which changes nothing and shows the order to its
 * customer only.
 *
 * Both belong to the customer who placed the order (issue 25): anyone else gets a 404, as for no such session.
 * Not `@Authenticated()`, whose 401 would tell a stranger that the reference is real. The session guard has
 * already refused a cookie-authenticated Pay without the session's X-XSRF-TOKEN (403) before this runs.
 */
@ApiTags('payments')
@Controller()
export class TestPaymentPageController {
  constructor(private readonly desk: TestPaymentDesk) {}

  @Get('pay/test/:reference')
  @ApiExcludeEndpoint()
  async page(@Param('reference') reference: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const nonce = (reply as ReplyWithNonce).cspNonce?.script ?? '';
    let status = 200;
    let html: string;
    try {
      html = page(await this.desk.describe(reference, viewerIdOf(request)), nonce);
    } catch (error) {
      // A browser that opened someone else's link gets a page that says so, not a JSON body.
      if (!(error instanceof NotFoundError)) throw error;
      [status, html] = [404, notFoundPage(nonce)];
    }
    void reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  }

  @Post('api/payments/test/sessions/:reference/pay')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{redirect_url}`: the webhook is queued; the browser goes to /complete.' })
  @ApiNotFoundResponse({ description: 'No such session, not the order\'s customer (or signed out), or Stripe is configured.' })
  @ApiForbiddenResponse({ description: 'Signed in with the session cookie but without its X-XSRF-TOKEN header.' })
  @ApiConflictResponse({ description: 'The order no longer awaits payment.' })
  pay(@Param('reference') reference: string, @Req() request: FastifyRequest): Promise<{ redirect_url: string }> {
    return this.desk.pay(reference, viewerIdOf(request));
  }
}

/** Identity's session guard has resolved the viewer (cookie or Bearer) before any controller runs; null when signed out. */
function viewerIdOf(request: FastifyRequest): number | null {
  return (request as FastifyRequest & { viewer?: Viewer | null }).viewer?.userId ?? null;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function head(title: string, nonce: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${title} — Test payments</title>
<style nonce="${nonce}">
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f6f9fc; color: #1a1f36; }
  main { max-width: 26rem; margin: 4rem auto; background: #fff; border-radius: 8px; padding: 2rem; box-shadow: 0 2px 12px rgba(50,50,93,.12); }
  .provider { font-size: .85rem; letter-spacing: .04em; text-transform: uppercase; color: #635bff; margin: 0 0 1rem; }
  .amount { font-size: 2rem; font-weight: 600; margin: .25rem 0 1.5rem; }
  button { width: 100%; padding: .8rem; font: inherit; font-weight: 600; color: #fff; background: #635bff; border: 0; border-radius: 6px; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1a1f36; outline-offset: 2px; }
  button[disabled] { opacity: .6; cursor: progress; }
  a { display: block; text-align: center; margin-top: 1rem; color: #4f566b; }
  .note { font-size: .8rem; color: #697386; margin-top: 1.5rem; }
</style>
</head>`;
}

function notFoundPage(nonce: string): string {
  return `${head('Payment session not found', nonce)}
<body>
<main>
  <p class="provider">Test payments</p>
  <h1>Payment session not found</h1>
  <p>There is no payment waiting for you here. Sign in as the customer who placed the order, or find it under your account's orders.</p>
  <a href="/account/orders">Go to your orders</a>
</main>
</body>
</html>`;
}

function page(session: TestSessionView, nonce: string): string {
  const amount = escape(formatPounds(session.amount));
  const action = session.payable
    ? `<button type="button" id="pay" data-reference="${escape(session.reference)}">Pay ${amount}</button>
       <p id="problem" role="alert" hidden></p>`
    : '<p role="status">This payment session has ended: the order is no longer waiting for payment.</p>';
  return `${head(`Pay ${amount}`, nonce)}
<body>
<main>
  <p class="provider">Test payments</p>
  <h1>Order ${escape(session.number)}</h1>
  <p class="amount">${amount}</p>
  ${action}
  <a href="${escape(session.cancelUrl)}">Cancel and return to HS Training Direct</a>
  <p class="note">The shop's built-in test provider: no card is charged.</p>
</main>
<script nonce="${nonce}">
  const pay = document.getElementById('pay');
  if (pay) pay.addEventListener('click', async () => {
    pay.disabled = true;
    const xsrf = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length));
    try {
      const response = await fetch('/api/payments/test/sessions/' + encodeURIComponent(pay.dataset.reference) + '/pay', { method: 'POST', headers, body: '{}', credentials: 'same-origin' });
      const body = await response.json();
      if (!response.ok) throw new Error(body.message || 'The payment failed.');
      window.location.assign(body.redirect_url);
    } catch (error) {
      const problem = document.getElementById('problem');
      problem.textContent = error.message;
      problem.hidden = false;
      pay.disabled = false;
    }
  });
</script>
</body>
</html>`;
}
