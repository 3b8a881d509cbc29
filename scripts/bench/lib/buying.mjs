// The buying API under load (issue 12): a guest's basket read and add, and orders placed by 20 customers at once.
// Guests and customers are made through the shop's own API first, so every request carries real cookies and the
// XSRF pair, exactly as a browser sends them.
import { createHmac } from 'node:crypto';
import pg from 'pg';

const GUESTS = 200;
const BUYERS = 20;
/** The bench shop's PAYMENT_TEST_WEBHOOK_SECRET (lib/processes.mjs), so the bench can pay what it ordered. */
export const BENCH_PAYMENT_SECRET = 'whsec_bench_payments_0123456789abcdef';

/**
 * Pays a placed card order as the test provider's queue would: its signed `checkout.session.completed`. A customer
 * may have only 2 card orders awaiting payment (issue 25), so each bench buyer pays before ordering again.
 */
async function payByWebhook(shopUrl, placed) {
  const reference = placed.payment_url.split('/').pop();
  const body = JSON.stringify({
    id: `evt_bench_${placed.order.id}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000),
    data: { object: { id: reference, object: 'checkout.session', amount_total: placed.order.totals.grand_total, currency: 'gbp', payment_status: 'paid', metadata: { order_id: String(placed.order.id) } } },
  });
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},v1=${createHmac('sha256', BENCH_PAYMENT_SECRET).update(`${t}.${body}`).digest('hex')}`;
  const response = await fetch(`${shopUrl}/api/payments/test/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
  if (!response.ok) throw new Error(`Paying bench order ${placed.order.number}: the webhook answered ${response.status}.`);
}

const cookiesOf = (response) => response.headers.getSetCookie().map((line) => line.split(';')[0]);

/** A browser-like client: keeps its cookies, echoes the XSRF cookie as the header, comes from its own address. */
function client(shopUrl, ip) {
  const jar = new Map();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const call = async (method, path, body) => {
    const headers = { accept: 'application/json', 'x-forwarded-for': ip };
    if (jar.size) headers.cookie = cookieHeader();
    if (jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = decodeURIComponent(jar.get('XSRF-TOKEN'));
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${shopUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const cookie of cookiesOf(response)) {
      const eq = cookie.indexOf('=');
      jar.set(cookie.slice(0, eq), cookie.slice(eq + 1));
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  return { call, headers: () => ({ cookie: cookieHeader(), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') }) };
}

/** Options anyone can buy without running out: published, active, unlimited stock, nothing to post. */
async function unlimitedOptions(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(`
      select o.id from product_options o join products p on p.id = o.product_id and p.status = 'published'
      where o.active and o.qty is null and o.kind <> 'physical' order by md5(o.id::text) limit 50`);
    if (rows.length === 0) throw new Error('The bench catalogue has no unlimited digital option to put in baskets.');
    return rows.map((row) => row.id);
  } finally {
    await db.end();
  }
}

/** Guests with a basket of three lines each, and their cookies: what the basket targets send. */
export async function prepareBuying(shopUrl, databaseUrl) {
  const options = await unlimitedOptions(databaseUrl);
  const guests = [];
  for (let i = 0; i < GUESTS; i++) {
    const guest = client(shopUrl, `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`);
    await guest.call('GET', '/api/basket');
    for (let line = 0; line < 3; line++) {
      const added = await guest.call('POST', '/api/basket/items', { option_id: options[(i + line) % options.length] });
      if (added.status !== 200) throw new Error(`Preparing the basket bench: POST /api/basket/items answered ${added.status}.`);
    }
    guests.push(guest.headers());
  }
  return { options, guests };
}

/**
 * The basket targets: each request from the next guest (its cookies and XSRF header); the adds put one more of an
 * unlimited option in that guest's basket. Their baseline is the raw-pg option read, the nearest bare equivalent.
 */
export function basketTargets({ options, guests }, shopUrl) {
  let next = 0;
  const guest = () => guests[next++ % guests.length];
  return [
    { name: 'api-basket', server: 'shop', url: shopUrl, paths: ['/api/basket'], baseline: 'pg-option',
      request: (path) => ({ method: 'GET', path, headers: { cookie: guest().cookie } }) },
    { name: 'api-basket-add', server: 'shop', url: shopUrl, paths: ['/api/basket/items'], baseline: 'pg-option',
      request: (path) => {
        const who = guest();
        return {
          method: 'POST', path, headers: { cookie: who.cookie, 'x-xsrf-token': who['x-xsrf-token'], 'content-type': 'application/json' },
          body: JSON.stringify({ option_id: options[next % options.length] }),
        };
      } },
  ];
}

const ADDRESS = { name: 'Bench Buyer', company: 'Bench Ltd', line1: '1 High Street', line2: null, town: 'Leeds', county: null, postcode: 'LS1 4AP', country: 'GB' };

/**
 * Orders per second with 20 signed-in customers buying at once, each in a loop: one line into the basket, then
 * `POST /api/checkout`, then pays it (a signed webhook: at most 2 unpaid card orders per customer). Only the
 * checkout calls are timed. Anything but 201 is counted by status.
 */
export async function measureOrders(shopUrl, { options }, { seconds }) {
  const buyers = [];
  for (let i = 0; i < BUYERS; i++) {
    const buyer = client(shopUrl, `198.19.0.${i + 1}`);
    await buyer.call('GET', '/api/basket');
    const password = 'Bench-Buyer-Password-2026';
    const registered = await buyer.call('POST', '/api/register', {
      first_name: 'Bench', last_name: `Buyer ${i}`, email: `bench.buyer.${Date.now().toString(36)}.${i}@bench.example`, password, password_confirmation: password,
    });
    if (registered.status !== 201) throw new Error(`Registering bench buyer ${i}: ${registered.status} ${JSON.stringify(registered.body)}`);
    buyers.push(buyer);
  }
  const latencies = [];
  const statuses = {};
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(buyers.map(async (buyer, i) => {
    let n = 0;
    while (performance.now() < deadline) {
      await buyer.call('POST', '/api/basket/items', { option_id: options[(i + n++) % options.length] });
      const t0 = performance.now();
      const placed = await buyer.call('POST', '/api/checkout', { billing_address: ADDRESS, accept_terms: true });
      latencies.push(performance.now() - t0);
      statuses[placed.status] = (statuses[placed.status] ?? 0) + 1;
      if (placed.status === 201) await payByWebhook(shopUrl, placed.body); // untimed
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0);
  const placed = statuses[201] ?? 0;
  return { buyers: BUYERS, seconds: elapsed, placed, ordersPerSec: placed / elapsed, statuses, latencyMs: { p50: pct(50), p90: pct(90), p99: pct(99) } };
}
