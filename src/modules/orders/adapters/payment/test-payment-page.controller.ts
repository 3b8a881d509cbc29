import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { formatPounds } from '../../../../shared/money.js';
import type { ReplyWithNonce } from '../../../../platform/http/security-headers.js';
import { TestPaymentDesk, type TestSessionView } from './test-payment-desk.js';

/**
 * The embedded test provider's hosted page, `/pay/test/{reference}`: deliberately not the storefront (no shop
 * layout), so it feels like leaving for a payment provider and coming back. The page's one script carries this
 * response's CSP nonce; Pay POSTs JSON (the shop takes no form bodies) with the XSRF header, then follows the
 * answer to /complete; Cancel is a plain link to /cancelled.
 */
@ApiTags('payments')
@Controller()
export class TestPaymentPageController {
  constructor(private readonly desk: TestPaymentDesk) {}

  @Get('pay/test/:reference')
  @ApiExcludeEndpoint()
  async page(@Param('reference') reference: string, @Res() reply: FastifyReply): Promise<void> {
    const session = await this.desk.describe(reference);
    const nonce = (reply as ReplyWithNonce).cspNonce?.script ?? '';
    void reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(page(session, nonce));
  }

  @Post('api/payments/test/sessions/:reference/pay')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{redirect_url}`: the webhook is queued; the browser goes to /complete.' })
  @ApiNotFoundResponse({ description: 'No such session (or Stripe is configured).' })
  pay(@Param('reference') reference: string): Promise<{ redirect_url: string }> {
    return this.desk.pay(reference);
  }
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(session: TestSessionView, nonce: string): string {
  const amount = escape(formatPounds(session.amount));
  const action = session.payable
    ? `<button type="button" id="pay" data-reference="${escape(session.reference)}">Pay ${amount}</button>
       <p id="problem" role="alert" hidden></p>`
    : '<p role="status">This payment session has ended: the order is no longer waiting for payment.</p>';
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Pay ${amount} — Test payments</title>
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
</head>
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
