import request from 'supertest';
import { createProduct } from '../support/catalogue-fixtures.js';
import { nextIp } from '../support/identity-client.js';
import { createCustomer, placeOrder } from '../support/orders-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/** Exact totals up to 3 here (10,000 in a shop): the same code path as a history of 1M orders, with 7 of them. */
const EXACT_UP_TO = 3;

/**
 * The admin order list with a long history (ADR 0054): an exact total only up to ORDERS_EXACT_TOTAL_UP_TO, the
 * database's estimate past it (`total_exact: false`), the exact total again for a deep page (read from the far end),
 * the last page reachable past the 10,000 pages other lists stop at, and the e-mail search through identity's index.
 */
describe(`Admin order list totals (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let buyer: { id: number; email: string };
  /** The buyer's orders, newest first. */
  let numbers: string[];
  const http = () => request(shop.app.getHttpServer());
  const get = (path: string) => http().get(path).set('Authorization', admin);

  beforeAll(async () => {
    shop = await startTestApp({ ORDERS_EXACT_TOTAL_UP_TO: String(EXACT_UP_TO) });
    const login = await http().post('/api/login').set('X-Forwarded-For', nextIp()).send({ email: 'admin@example.com', password: 'demo-admin-password' }).expect(200);
    admin = `Bearer ${login.body.token as string}`;
    buyer = await createCustomer(shop, { email: `Long.History.${Date.now().toString(36)}@Totals-Test.example` });
    const { optionIds: [optionId] } = await createProduct(shop.sql, { options: [{ kind: 'download', qty: null }] });
    const placed: string[] = [];
    for (let day = 1; day <= 7; day++) {
      const { order } = await placeOrder(shop, buyer.id, [{ optionId: optionId!, qty: 1 }]);
      // Seen through, one a day in November (a customer may have only 2 card orders awaiting payment).
      await shop.sql(`update orders set status = 'completed', created_at = ? where id = ?`, [`2026-11-0${day}T10:00:00Z`, order.id]);
      placed.push(order.number);
    }
    numbers = placed.reverse();
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  it('counts exactly up to the limit and says "estimate" past it; a deep page has the exact total and the oldest orders', async () => {
    const first = await get(`/api/admin/orders?customer=${buyer.id}&per_page=2`).expect(200);
    expect(first.body.data.map((o: { number: string }) => o.number)).toEqual(numbers.slice(0, 2));
    expect(first.body.meta).toMatchObject({ page: 1, per_page: 2, total_exact: false });
    // The planner's guess, never below what was counted (more than 3).
    expect(first.body.meta.total).toBeGreaterThan(EXACT_UP_TO);
    expect(first.body.meta.last_page).toBe(Math.ceil(first.body.meta.total / 2));

    // Page 4 of 2 a page lies past the first 3: read from the far end, which needs (and gives) the exact total.
    const last = await get(`/api/admin/orders?customer=${buyer.id}&per_page=2&page=4`).expect(200);
    expect(last.body.meta).toEqual({ page: 4, per_page: 2, total: 7, last_page: 4, total_exact: true });
    expect(last.body.data.map((o: { number: string }) => o.number)).toEqual(numbers.slice(6));
    const third = await get(`/api/admin/orders?customer=${buyer.id}&per_page=2&page=3`).expect(200);
    expect(third.body.data.map((o: { number: string }) => o.number)).toEqual(numbers.slice(4, 6));

    // Within the limit the total is exact, as it always was.
    const november = await get(`/api/admin/orders?customer=${buyer.id}&from=2026-11-05&to=2026-11-07`).expect(200);
    expect(november.body.meta).toEqual({ page: 1, per_page: 20, total: 3, last_page: 1, total_exact: true });
    expect(november.body.data.map((o: { number: string }) => o.number)).toEqual(numbers.slice(0, 3));
  });

  it('serves pages past 10,000 (the last of a long history) and refuses past 1,000,000', async () => {
    const far = await get(`/api/admin/orders?customer=${buyer.id}&page=50000`).expect(200);
    expect(far.body).toEqual({ data: [], meta: { page: 50000, per_page: 20, total: 7, last_page: 1, total_exact: true } });
    const refused = await get('/api/admin/orders?page=1000001').expect(422);
    expect(JSON.stringify(refused.body)).toContain('page may be at most 1000000.');
    // Other lists keep their limit.
    await get('/api/admin/users?page=10001').expect(422);
  });

  it("finds a customer's orders by part of their e-mail, whatever its case, and not by their name", async () => {
    const part = buyer.email.slice(5, 20);
    for (const term of [part.toUpperCase(), part.toLowerCase()]) {
      const found = await get(`/api/admin/orders?search=${encodeURIComponent(term)}&per_page=2`).expect(200);
      expect(found.body.data.map((o: { number: string }) => o.number)).toEqual(numbers.slice(0, 2));
      expect(found.body.meta.total_exact).toBe(false);
    }
    // createCustomer names everyone "Casey Buyer" of "Acme Training Ltd": the user list's search matched those too.
    const byName = await get('/api/admin/orders?search=Casey%20Buyer').expect(200);
    expect(byName.body.meta).toMatchObject({ total: 0, total_exact: true });
  });

  it('finds the customers whose address contains a term with an @ — the local part\'s end and the domain\'s start (ADR 0076)', async () => {
    const stamp = Date.now().toString(36);
    const { optionIds: [optionId] } = await createProduct(shop.sql, { options: [{ kind: 'download', qty: null }] });
    const customers = {
      exact: await createCustomer(shop, { email: `ann_${stamp}@bigco.example` }),
      longer: await createCustomer(shop, { email: `Jo.Ann_${stamp}@BigCo.example.org` }),
      underscoreIsNoWildcard: await createCustomer(shop, { email: `annx${stamp}@bigco.example` }),
      otherDomain: await createCustomer(shop, { email: `ann_${stamp}@smallco.example` }),
    };
    for (const customer of Object.values(customers)) await placeOrder(shop, customer.id, [{ optionId: optionId!, qty: 1 }]);
    const customersFound = async (term: string) => {
      const found = await get(`/api/admin/orders?search=${encodeURIComponent(term)}&per_page=100`).expect(200);
      return [...new Set(found.body.data.map((o: { customer: { id: number } }) => o.customer.id))].sort();
    };
    const ids = (...names: Array<keyof typeof customers>) => names.map((name) => customers[name].id).sort();
    expect(await customersFound(`ann_${stamp}@bigco.example`)).toEqual(ids('exact', 'longer'));
    expect(await customersFound(`ANN_${stamp}@BIGCO`)).toEqual(ids('exact', 'longer'));
    expect(await customersFound(`o.ann_${stamp}@bigco.example.o`)).toEqual(ids('longer'));
    expect(await customersFound(`${stamp}@`)).toEqual(ids('exact', 'longer', 'underscoreIsNoWildcard', 'otherDomain'));
    expect(await customersFound(`x${stamp}@bigco`)).toEqual(ids('underscoreIsNoWildcard'));
    // Nothing before the @: any part of an address, through the trigram index as before.
    expect(await customersFound(`@smallco.example`)).toEqual(ids('otherDomain'));
    expect(await customersFound(`ann_${stamp}@bigco@example`)).toEqual([]);
  });
  it('gives the whole list, a status and dates their exact totals past the limit, from counts the orders keep (ADR 0077)', async () => {
    const fromOrders = async () => Object.fromEntries((await shop.sql<{ status: string; n: number }>(
      'select status, count(*)::int as n from orders group by status order by status')).map((row) => [row.status, row.n]));
    const kept = async () => Object.fromEntries((await shop.sql<{ status: string; n: number }>(
      'select status, sum(orders)::int as n from order_status_counts group by status having sum(orders) <> 0 order by status')).map((row) => [row.status, row.n]));
    const listTotal = async (query: string) => {
      const res = await get(`/api/admin/orders?per_page=2${query}`).expect(200);
      expect(res.body.meta.total_exact).toBe(true);
      return res.body.meta.total as number;
    };
    const byDay = (table: string) => shop.sql<{ day: string; status: string; n: number }>(table === 'orders'
      ? `select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, status, count(*)::int as n from orders group by 1, 2 order by 1, 2`
      : `select to_char(day, 'YYYY-MM-DD') as day, status, sum(orders)::int as n from order_day_counts group by 1, 2 having sum(orders) <> 0 order by 1, 2`);
    /** The orders placed in [from, before) (in `status`), counted from the orders themselves. */
    const counted = async (from: string | null, before: string | null, status?: string) => (await shop.sql<{ n: number }>(
      `select count(*)::int as n from orders where created_at >= coalesce(?::timestamptz, '-infinity') and created_at < coalesce(?::timestamptz, 'infinity')${status ? ' and status = ?' : ''}`,
      [from, before, ...(status ? [status] : [])]))[0]!.n;
    // Whole UTC days, a part of a day at either end, inside one day, open at either end; with and without a status.
    const RANGES: Array<[query: string, from: string | null, before: string | null]> = [
      ['&from=2026-11-02&to=2026-11-05', '2026-11-02T00:00:00Z', '2026-11-06T00:00:00Z'],
      ['&from=2026-11-02T05:00:00Z&to=2026-11-05T12:00:00Z', '2026-11-02T05:00:00Z', '2026-11-05T12:00:00.001Z'],
      ['&from=2026-11-03T09:00:00Z&to=2026-11-03T11:00:00Z', '2026-11-03T09:00:00Z', '2026-11-03T11:00:00.001Z'],
      ['&from=2026-11-04', '2026-11-04T00:00:00Z', null],
      ['&to=2026-11-03T10:00:00Z', null, '2026-11-03T10:00:00.001Z'],
    ];
    const agree = async () => {
      const counts = await fromOrders();
      expect(await kept()).toEqual(counts);
      expect(await byDay('order_day_counts')).toEqual(await byDay('orders'));
      const all = Object.values(counts).reduce((sum, n) => sum + n, 0);
      expect(all).toBeGreaterThan(EXACT_UP_TO);
      expect(await listTotal('')).toBe(all);
      for (const status of ['completed', 'paid', 'refunded']) expect(await listTotal(`&status=${status}`)).toBe(counts[status] ?? 0);
      for (const [query, from, before] of RANGES) {
        expect([query, await listTotal(query)]).toEqual([query, await counted(from, before)]);
        expect([query, await listTotal(`${query}&status=paid`)]).toEqual([query, await counted(from, before, 'paid')]);
      }
    };
    await agree();

    // Every kind of write: a status change of one order through the portal, many in one statement, a bulk insert, a delete.
    const { optionIds: [optionId] } = await createProduct(shop.sql, { options: [{ kind: 'download', qty: null }] });
    const { order } = await placeOrder(shop, buyer.id, [{ optionId: optionId!, qty: 1 }]);
    await agree();
    await shop.sql(`update orders set status = 'paid' where id = ?`, [order.id]);
    await http().post(`/api/admin/orders/${order.id}/transitions`).set('Authorization', admin).send({ to: 'refunded' }).expect(200);
    await agree();
    await shop.sql(`update orders set status = case when id % 2 = 0 then 'paid' else 'refunded' end where customer_id = ?`, [buyer.id]);
    await agree();
    const copies = await shop.sql<{ id: number }>(
      `insert into orders (number, customer_id, status, payment_method, subtotal, delivery_total, vat, grand_total, billing_address, created_at)
       select number || '-C', customer_id, status, payment_method, subtotal, delivery_total, vat, grand_total, billing_address, created_at
       from orders where customer_id = ? returning id`, [buyer.id]);
    expect(copies.length).toBeGreaterThan(EXACT_UP_TO);
    await agree();
    // The last page of the whole list is read from the far end with that total: the oldest order comes last.
    const all = await listTotal('');
    const lastPage = await get(`/api/admin/orders?per_page=2&page=${Math.ceil(all / 2)}`).expect(200);
    const [oldest] = await shop.sql<{ number: string }>('select number from orders order by created_at, id limit 1');
    expect(lastPage.body.data.at(-1).number).toBe(oldest!.number);
    await shop.sql(`delete from orders where id in (${copies.map((c) => c.id).join(', ')})`);
    await agree();
  });
});
