import request from 'supertest';
import { createProduct } from '../support/catalogue-fixtures.js';
import { bearerFor, DEMO_ADMIN, DEMO_CUSTOMER } from '../support/identity-client.js';
import { completedEvent, createCustomer, deliveryTypeId, placeOrder, stripeSignature } from '../support/orders-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';
import { SALE_STATUSES } from '../../src/modules/reporting/index.js';
import { ORDER_STATUSES } from '../../src/modules/orders/index.js';

const SECRET = 'whsec_admin_dashboard_secret_0123456789';

/** The UK calendar date (YYYY-MM-DD) of an instant. */
const ukDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** The dashboard's figures, checked against orders placed and paid through the real checkout and webhook on a fresh database. */
describe(`GET /api/admin/dashboard (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  const http = () => request(shop.app.getHttpServer());
  const asAdmin = {
    get: (path: string) => http().get(path).set('Authorization', admin),
    post: (path: string) => http().post(path).set('Authorization', admin),
  };
  const totals = async (id: number) =>
    (await shop.sql<{ ex: number; inc: number }>('select subtotal + delivery_total as ex, grand_total as inc from orders where id = ?', [id]))[0]!;
  const pay = async (orderId: number) => {
    const [order] = await shop.sql<{ payment_reference: string; grand_total: number }>('select payment_reference, grand_total from orders where id = ?', [orderId]);
    const body = completedEvent(`evt_${orderId}_${Date.now()}`, order!.payment_reference, orderId, order!.grand_total);
    await http().post('/api/payments/test/webhook').set('content-type', 'application/json').set('stripe-signature', stripeSignature(body, SECRET)).send(body).expect(200);
  };

  beforeAll(async () => {
    shop = await startTestApp({ PAYMENT_TEST_WEBHOOK_SECRET: SECRET });
    admin = await bearerFor(shop, DEMO_ADMIN);
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  it('is for administrators only', async () => {
    await http().get('/api/admin/dashboard').expect(401);
    await http().get('/api/admin/dashboard').set('Authorization', await bearerFor(shop, DEMO_CUSTOMER)).expect(403);
  });

  it('answers zeros on an empty shop, with every one of the last 30 days present', async () => {
    const res = await asAdmin.get('/api/admin/dashboard').expect(200);
    expect(res.body.time_zone).toBe('Europe/London');
    expect(res.body.sales.today).toEqual({ date: ukDate(new Date()), orders: 0, total_ex_vat: 0, total_inc_vat: 0 });
    expect(res.body.sales.this_month).toEqual({ from: `${ukDate(new Date()).slice(0, 7)}-01`, orders: 0, total_ex_vat: 0, total_inc_vat: 0 });
    expect(res.body.sales_by_day).toHaveLength(30);
    expect(res.body.sales_by_day[29].date).toBe(ukDate(new Date()));
    expect(res.body.sales_by_day[0].date).toBe(ukDate(new Date(Date.now() - 29 * 86_400_000)));
    expect(new Set(res.body.sales_by_day.map((d: { date: string }) => d.date)).size).toBe(30);
    expect(res.body.awaiting_dispatch).toEqual({ count: 0, oldest: [] });
    expect(res.body.overdue_invoices).toEqual({ count: 0, amount_outstanding: 0, oldest: [] });
    expect(res.body.low_stock).toEqual({ threshold: 5, count: 0, options: [] });
    expect(res.body.recent_enquiries).toEqual([]);
    expect(res.body.recent_newsletter_signups).toEqual([]);
  });

  it('counts sales, dispatch, overdue invoices, low stock and the latest enquiries and sign-ups', async () => {
    const tracked48 = await deliveryTypeId(shop, 'Royal Mail Tracked 48');
    const { optionIds: [poster] } = await createProduct(shop.sql, { options: [{ kind: 'physical', qty: null, weight: 300, price: 1000 }] });
    const { optionIds: [toolkit] } = await createProduct(shop.sql, { options: [{ kind: 'download', qty: null, price: 2500 }] });
    const buyer = await createCustomer(shop);
    const council = await createCustomer(shop);
    await shop.sql('update users set account_terms = true where id = ?', [council.id]);

    // Sales: A (physical, paid), H (physical, paid, then processing), B (download, paid, placed two days ago),
    // E (on account, awaiting payment). Not sales: C (pending payment), D (paid, then refunded).
    const a = (await placeOrder(shop, buyer.id, [{ optionId: poster!, qty: 2 }], { deliveryTypeId: tracked48 })).order;
    await pay(a.id);
    const h = (await placeOrder(shop, buyer.id, [{ optionId: poster!, qty: 1 }], { deliveryTypeId: tracked48 })).order;
    await pay(h.id);
    await asAdmin.post(`/api/admin/orders/${h.id}/transitions`).send({ to: 'processing' }).expect(200);
    const b = (await placeOrder(shop, buyer.id, [{ optionId: toolkit!, qty: 1 }])).order;
    await pay(b.id);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await shop.sql('update orders set created_at = ? where id = ?', [twoDaysAgo.toISOString(), b.id]);
    const e = (await placeOrder(shop, council.id, [{ optionId: poster!, qty: 3 }], { deliveryTypeId: tracked48, paymentMethod: 'invoice', poNumber: 'PO-DASH-1' })).order;
    await placeOrder(shop, buyer.id, [{ optionId: poster!, qty: 5 }], { deliveryTypeId: tracked48 }); // C: never paid
    const d = (await placeOrder(shop, buyer.id, [{ optionId: toolkit!, qty: 4 }])).order;
    await pay(d.id);
    await asAdmin.post(`/api/admin/orders/${d.id}/transitions`).send({ to: 'refunded' }).expect(200);

    // E's invoice was issued 40 days ago (30 days' terms): overdue, with £10.00 paid by BACS so far.
    await shop.sql('update orders set invoice_date = ? where id = ?', [new Date(Date.now() - 40 * 86_400_000).toISOString(), e.id]);
    await asAdmin.post(`/api/admin/orders/${e.id}/payments`).send({ amount: 1000, reference: 'BACS PART 1' }).expect(201);

    // Low stock (≤ 5 of limited stock, active): 0, 3, 5 are; 6, unlimited and an inactive 1 are not.
    const low = await createProduct(shop.sql, {
      title: 'Fire Extinguisher Sign', options: [{ name: 'None left', qty: 0 }, { name: 'Three', qty: 3 }, { name: 'Five', qty: 5 }, { name: 'Six', qty: 6 }, { name: 'Off', qty: 1, active: false }],
    });

    for (let i = 1; i <= 6; i += 1) {
      await shop.sql(
        `insert into enquiries (type, name, email, message, ip, created_at) values ('contact', ?, ?, 'Please call me back about training.', '203.0.113.9', ?)`,
        [`Enquirer ${i}`, `enquirer${i}@acme-training.co.uk`, new Date(Date.UTC(2026, 0, i)).toISOString()],
      );
    }
    await http().post('/api/newsletter').send({ email: 'first.reader@acme-training.co.uk' }).expect(200);
    await http().post('/api/newsletter').send({ email: 'second.reader@acme-training.co.uk' }).expect(200);

    const [ta, th, tb, te] = [await totals(a.id), await totals(h.id), await totals(b.id), await totals(e.id)];
    const res = await asAdmin.get('/api/admin/dashboard').expect(200);
    const body = res.body;

    const todayEx = ta.ex + th.ex + te.ex;
    const todayInc = ta.inc + th.inc + te.inc;
    expect(body.sales.today).toEqual({ date: ukDate(new Date()), orders: 3, total_ex_vat: todayEx, total_inc_vat: todayInc });
    const bThisMonth = ukDate(twoDaysAgo).slice(0, 7) === ukDate(new Date()).slice(0, 7);
    expect(body.sales.this_month).toMatchObject({
      orders: 3 + (bThisMonth ? 1 : 0), total_ex_vat: todayEx + (bThisMonth ? tb.ex : 0), total_inc_vat: todayInc + (bThisMonth ? tb.inc : 0),
    });
    expect(body.sales_by_day).toHaveLength(30);
    expect(body.sales_by_day[29]).toEqual(body.sales.today);
    expect(body.sales_by_day[27]).toEqual({ date: ukDate(twoDaysAgo), orders: 1, total_ex_vat: tb.ex, total_inc_vat: tb.inc });
    const others = body.sales_by_day.filter((_: unknown, index: number) => index !== 27 && index !== 29);
    expect(others.every((day: { orders: number; total_ex_vat: number; total_inc_vat: number }) => day.orders === 0 && day.total_ex_vat === 0 && day.total_inc_vat === 0)).toBe(true);
    expect(tb.ex).toBe(2500);
    expect(tb.inc).toBe(3000);

    // Issue 28: E, on account with a poster, waits for dispatch from the moment it is placed, not once paid.
    expect(body.awaiting_dispatch.count).toBe(3);
    expect(body.awaiting_dispatch.oldest).toEqual([
      { id: a.id, number: a.number, status: 'paid', grand_total: ta.inc, created_at: expect.any(String), customer: { id: buyer.id, email: buyer.email } },
      { id: h.id, number: h.number, status: 'processing', grand_total: th.inc, created_at: expect.any(String), customer: { id: buyer.id, email: buyer.email } },
      { id: e.id, number: e.number, status: 'awaiting_payment', grand_total: te.inc, created_at: expect.any(String), customer: { id: council.id, email: council.email } },
    ]);
    // The portal's orders filter behind the card lists the same orders (B has no goods; C is unpaid; D refunded).
    const toDispatch = await asAdmin.get('/api/admin/orders?to_dispatch=true&per_page=100').expect(200);
    expect(toDispatch.body.data.map((order: { id: number }) => order.id).sort((x: number, y: number) => x - y)).toEqual([a.id, h.id, e.id]);
    await asAdmin.get('/api/admin/orders?to_dispatch=yes').expect(422);

    expect(body.overdue_invoices.count).toBe(1);
    expect(body.overdue_invoices.amount_outstanding).toBe(te.inc - 1000);
    expect(body.overdue_invoices.oldest).toEqual([{
      id: e.id, number: e.number, invoice_number: expect.stringMatching(/^INV-\d{6}$/), invoice_date: expect.any(String), due_date: expect.any(String),
      grand_total: te.inc, amount_outstanding: te.inc - 1000, customer: { id: council.id, email: council.email },
    }]);
    const overdue = body.overdue_invoices.oldest[0];
    expect(Date.parse(overdue.due_date) - Date.parse(overdue.invoice_date)).toBe(30 * 86_400_000);

    expect(body.low_stock.count).toBe(3);
    expect(body.low_stock.options).toEqual([
      { option_id: low.optionIds[0], option_name: 'None left', code: expect.any(String), qty: 0, product: { id: low.id, title: 'Fire Extinguisher Sign' } },
      { option_id: low.optionIds[1], option_name: 'Three', code: expect.any(String), qty: 3, product: { id: low.id, title: 'Fire Extinguisher Sign' } },
      { option_id: low.optionIds[2], option_name: 'Five', code: expect.any(String), qty: 5, product: { id: low.id, title: 'Fire Extinguisher Sign' } },
    ]);

    expect(body.recent_enquiries.map((enquiry: { name: string }) => enquiry.name)).toEqual(['Enquirer 6', 'Enquirer 5', 'Enquirer 4', 'Enquirer 3', 'Enquirer 2']);
    expect(Object.keys(body.recent_enquiries[0]).sort()).toEqual(['company', 'created_at', 'email', 'id', 'message', 'name', 'phone', 'type']);
    expect(body.recent_newsletter_signups.map((s: { email: string }) => s.email)).toEqual(['second.reader@acme-training.co.uk', 'first.reader@acme-training.co.uk']);
    expect(body.recent_newsletter_signups[0]).toMatchObject({ subscribed: true, unsubscribed_at: null });
  });

  it('takes partial refunds off the sales of the day the order was placed, and off what an overdue invoice still owes', async () => {
    const tracked48 = await deliveryTypeId(shop, 'Royal Mail Tracked 48');
    const { optionIds: [sign] } = await createProduct(shop.sql, { options: [{ kind: 'physical', qty: null, weight: 200, price: 1500 }] });
    const buyer = await createCustomer(shop);
    const council = await createCustomer(shop);
    await shop.sql('update users set account_terms = true where id = ?', [council.id]);
    const before = (await asAdmin.get('/api/admin/dashboard').expect(200)).body;

    const paid = (await placeOrder(shop, buyer.id, [{ optionId: sign!, qty: 4 }], { deliveryTypeId: tracked48 })).order;
    await pay(paid.id);
    const [paidLine] = await shop.sql<{ id: number }>('select id from order_lines where order_id = ?', [paid.id]);
    const refund = (await asAdmin.post(`/api/admin/orders/${paid.id}/refunds`).send({ lines: [{ line_id: paidLine!.id, qty: 1 }], delivery: false, restock: false }).expect(201)).body;
    expect(refund.gross).toBeGreaterThan(0);

    const owed = (await placeOrder(shop, council.id, [{ optionId: sign!, qty: 2 }], { deliveryTypeId: tracked48, paymentMethod: 'invoice', poNumber: 'PO-DASH-2' })).order;
    // Sent before the money came (staff may), then one sign credited: the credit note lowers what is owed.
    await asAdmin.post(`/api/admin/orders/${owed.id}/transitions`).send({ to: 'processing' }).expect(200);
    const [owedLine] = await shop.sql<{ id: number }>('select id from order_lines where order_id = ?', [owed.id]);
    const credit = (await asAdmin.post(`/api/admin/orders/${owed.id}/refunds`).send({ lines: [{ line_id: owedLine!.id, qty: 1 }], delivery: false, restock: false }).expect(201)).body;
    await shop.sql('update orders set invoice_date = ?, created_at = ? where id = ?', [new Date(Date.now() - 45 * 86_400_000).toISOString(), new Date(Date.now() - 45 * 86_400_000).toISOString(), owed.id]);

    const after = (await asAdmin.get('/api/admin/dashboard').expect(200)).body;
    const placed = await totals(paid.id);
    expect(after.sales.today.orders).toBe(before.sales.today.orders + 1);
    expect(after.sales.today.total_ex_vat - before.sales.today.total_ex_vat).toBe(placed.ex - refund.net);
    expect(after.sales.today.total_inc_vat - before.sales.today.total_inc_vat).toBe(placed.inc - refund.gross);
    expect(after.sales_by_day[29]).toEqual(after.sales.today);

    const owedTotals = await totals(owed.id);
    const row = after.overdue_invoices.oldest.find((invoice: { id: number }) => invoice.id === owed.id);
    expect(row).toMatchObject({ grand_total: owedTotals.inc, amount_outstanding: owedTotals.inc - credit.gross });
    expect(after.overdue_invoices.amount_outstanding - before.overdue_invoices.amount_outstanding).toBe(owedTotals.inc - credit.gross);

    // Credited in full through partial refunds, nothing is owed: the invoice is no longer overdue.
    await asAdmin.post(`/api/admin/orders/${owed.id}/payments`).send({ amount: owedTotals.inc - credit.gross, reference: 'BACS REST' }).expect(201);
    const settled = (await asAdmin.get('/api/admin/dashboard').expect(200)).body;
    expect(settled.overdue_invoices.oldest.some((invoice: { id: number }) => invoice.id === owed.id)).toBe(false);
  });
  it('keeps the daily sales roll-up equal to the orders themselves through every kind of write (ADR 0077)', async () => {
    // What the roll-up must hold: per UK day, the orders in SALE_STATUSES and their totals less their partial refunds,
    // added up from the orders. The trigger names the statuses in SQL; orders in every status make the two lists
    // disagree visibly if they differ.
    const fromOrders = () => shop.sql<{ day: string; orders: number; ex: number; inc: number }>(
      `select to_char((o.created_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day, count(*)::int as orders,
              sum(o.subtotal + o.delivery_total - coalesce(f.net, 0))::int as ex, sum(o.grand_total - coalesce(f.gross, 0))::int as inc
       from orders o left join (select order_id, sum(net) as net, sum(gross) as gross from order_refunds group by order_id) f on f.order_id = o.id
       where o.status in (${SALE_STATUSES.map(() => '?').join(', ')}) group by 1 order by 1`, [...SALE_STATUSES]);
    const fromRollUp = () => shop.sql<{ day: string; orders: number; ex: number; inc: number }>(
      `select to_char(day, 'YYYY-MM-DD') as day, sum(orders)::int as orders, sum(ex_vat)::int as ex, sum(inc_vat)::int as inc
       from order_sales_days group by 1 having sum(orders) <> 0 or sum(ex_vat) <> 0 or sum(inc_vat) <> 0 order by 1`);
    const agree = async () => {
      const expected = await fromOrders();
      expect(expected.length).toBeGreaterThan(0);
      expect(await fromRollUp()).toEqual(expected);
    };

    const { optionIds: [toolkit] } = await createProduct(shop.sql, { options: [{ kind: 'download', qty: null, price: 1200 }] });
    const buyer = await createCustomer(shop);
    const placed: number[] = [];
    for (let i = 0; i < ORDER_STATUSES.length; i += 1) {
      const { order } = await placeOrder(shop, buyer.id, [{ optionId: toolkit!, qty: i + 1 }]);
      if (i < ORDER_STATUSES.length - 1) await pay(order.id); // through the webhook: an order's own update (the last stays unpaid)
      placed.push(order.id);
    }
    await agree();
    // Partial refunds through the portal: one unit off each of three paid orders (one later refunded whole below).
    for (const id of placed.slice(1, 4)) {
      const [line] = await shop.sql<{ id: number }>('select id from order_lines where order_id = ?', [id]);
      await asAdmin.post(`/api/admin/orders/${id}/refunds`).send({ lines: [{ line_id: line!.id, qty: 1 }], delivery: false, restock: false }).expect(201);
    }
    await agree();
    await asAdmin.post(`/api/admin/orders/${placed[1]}/transitions`).send({ to: 'refunded' }).expect(200);
    await agree();

    const ids = `(${placed.join(', ')})`;
    // One statement changing many orders: every status at once, then days (across UK midnight and the clock change
    // in March), then totals, then a status change that changes no sale (paid → processing) alongside one that does.
    await shop.sql(`update orders set status = (array[${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')}])[(id % ${ORDER_STATUSES.length}) + 1] where id in ${ids}`);
    await agree();
    await shop.sql(`update orders set created_at = case id % 3 when 0 then '2026-03-29T00:30:00Z'::timestamptz when 1 then '2026-03-28T23:59:59Z'::timestamptz else created_at - interval '3 days' end where id in ${ids}`);
    await agree();
    await shop.sql(`update orders set subtotal = subtotal + 100, grand_total = grand_total + 120 where id in ${ids} and id % 2 = 0`);
    await agree();
    await shop.sql(`update orders set status = case status when 'paid' then 'processing' when 'completed' then 'refunded' else status end where id in ${ids}`);
    await agree();
    // A copy of the orders as new rows in one insert, then some of them deleted in one statement.
    const copies = await shop.sql<{ id: number }>(
      `insert into orders (number, customer_id, status, payment_method, subtotal, delivery_total, vat, grand_total, billing_address, created_at)
       select number || '-C', customer_id, status, payment_method, subtotal, delivery_total, vat, grand_total, billing_address, created_at
       from orders where id in ${ids} returning id`);
    expect(copies).toHaveLength(placed.length);
    await agree();
    await shop.sql(`delete from orders where id in (${copies.map((c) => c.id).join(', ')}) and id % 2 = 1`);
    await agree();
  });
});
