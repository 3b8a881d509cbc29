import { MikroORM, RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { createShopApp } from '../../src/bootstrap.js';
import { loadEnvironment } from '../../src/config/environment.js';
import { ProductViewService } from '../../src/modules/catalogue/index.js';
import { Transactions } from '../../src/platform/persistence/index.js';
import { createProduct, type CreatedProduct } from '../support/catalogue-fixtures.js';
import { nextIp } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';
import { eventually as passes } from '../support/eventually.js';

/** Waits until `check` passes (the view buffer is flushed about once a second), or fails with its last error. */
const eventually = (check: () => Promise<void>, timeoutMs = 8000): Promise<void> =>
  passes(async () => (await check(), true), { timeout: timeoutMs, interval: 100 }).toBe(true).then(() => undefined);

describe(`product views (${databaseKind})`, () => {
  let shop: TestApp;
  let views: ProductViewService;
  const http = () => request(shop.app.getHttpServer());
  let admin: string;
  let customer: string;
  let customerId: number;
  let first: CreatedProduct;
  let second: CreatedProduct;

  const login = async (email: string, password: string) => {
    const res = await http().post('/api/login').set('X-Forwarded-For', nextIp()).send({ email, password }).expect(200);
    return `Bearer ${res.body.token as string}`;
  };
  const countFor = async (productId: number) =>
    (await shop.sql<{ n: number }>('select count(*)::int as n from product_views where product_id = ?', [productId]))[0]!.n;

  beforeAll(async () => {
    shop = await startTestApp();
    views = shop.app.get(ProductViewService);
    admin = await login('admin@example.com', 'demo-admin-password');
    customer = await login('customer@example.com', 'demo-customer-password');
    customerId = (await shop.sql<{ id: number }>(`select id from users where email = 'customer@example.com'`))[0]!.id;
    first = await createProduct(shop.sql, { title: 'Working at Height' });
    second = await createProduct(shop.sql, { title: 'Asbestos Awareness' });
  });
  afterAll(() => shop.close());

  it('records views in the background and writes them within about a second, without being asked', async () => {
    views.record(first.id, null);
    views.record(first.id, customerId);
    await eventually(async () => expect(await countFor(first.id)).toBe(2));
    const rows = await shop.sql<{ user_id: number | null }>('select user_id from product_views where product_id = ? order by user_id nulls first', [first.id]);
    expect(rows.map((r) => r.user_id)).toEqual([null, customerId]);
  });

  it('skips views of products that no longer exist instead of losing the whole batch', async () => {
    views.record(2_000_000_000, null);
    views.record(second.id, null);
    views.record(Number.NaN, null); // ignored outright
    await views.flush();
    expect(await countFor(second.id)).toBe(1);
    expect(await countFor(2_000_000_000)).toBe(0);
  });

  it('writes a full buffer on its own, outside a transaction that the recording request rolls back', async () => {
    const orm = shop.app.get(MikroORM);
    const transactions = shop.app.get(Transactions);
    const product = await createProduct(shop.sql);
    await RequestContext.create(orm.em.fork(), () =>
      transactions
        .run(async () => {
          // 200 views reach the threshold: the flush starts here, but must not join (and so share the fate of) this transaction.
          for (let i = 0; i < 200; i += 1) views.record(product.id, null);
          await orm.em.getConnection().execute('select 1', [], 'all', orm.em.getTransactionContext());
          throw new Error('roll back');
        })
        .catch(() => undefined),
    );
    await eventually(async () => expect(await countFor(product.id)).toBe(200));
  });

  it('lists the most viewed published products of the last 30 days, most viewed first, and caches the answer', async () => {
    const a = await createProduct(shop.sql, { title: 'Popular A' });
    const b = await createProduct(shop.sql, { title: 'Popular B' });
    const c = await createProduct(shop.sql, { title: 'Popular C' });
    const draft = await createProduct(shop.sql, { title: 'Popular draft', status: 'draft' });
    const add = (productId: number, count: number, daysAgo = 0) =>
      shop.sql(
        `insert into product_views (product_id, viewed_at) select ?, now() - (? * interval '1 day') from generate_series(1, ?)`,
        [productId, daysAgo, count],
      );
    await add(a.id, 3);
    await add(b.id, 5);
    await add(c.id, 1);
    await add(c.id, 50, 31); // older than the window
    await add(draft.id, 80); // never shown
    const ids = await views.popularIds(20);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(c.id));
    expect(ids).not.toContain(draft.id);

    await add(c.id, 100);
    expect(await views.popularIds(20)).toEqual(ids); // a minute's cache: the home page does not count rows on every request
    expect(await views.popularIds(1)).toHaveLength(1);
  });

  describe('GET /api/admin/users/{id}/product-views', () => {
    it('lists a user\'s views newest first with the product, paginated', async () => {
      await shop.sql('delete from product_views where user_id = ?', [customerId]);
      await shop.sql(
        `insert into product_views (product_id, user_id, viewed_at) values (?, ?, now() - interval '2 hours'), (?, ?, now() - interval '1 hour'), (?, null, now())`,
        [first.id, customerId, second.id, customerId, second.id],
      );
      const res = await http().get(`/api/admin/users/${customerId}/product-views`).set('Authorization', admin).expect(200);
      expect(res.body.meta).toEqual({ page: 1, per_page: 25, total: 2, last_page: 1 });
      expect(res.body.data.map((v: { product: { id: number } }) => v.product.id)).toEqual([second.id, first.id]);
      expect(res.body.data[0]).toEqual({
        id: expect.any(String),
        product: { id: second.id, slug: second.slug, title: 'Asbestos Awareness', status: 'published' },
        viewed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const paged = await http().get(`/api/admin/users/${customerId}/product-views`).query({ per_page: 1, page: 2 }).set('Authorization', admin).expect(200);
      expect(paged.body.data.map((v: { product: { id: number } }) => v.product.id)).toEqual([first.id]);
      expect(paged.body.meta.last_page).toBe(2);
    });

    it('is for administrators only and validates its input', async () => {
      await http().get(`/api/admin/users/${customerId}/product-views`).expect(401);
      await http().get(`/api/admin/users/${customerId}/product-views`).set('Authorization', customer).expect(403);
      await http().get('/api/admin/users/999999/product-views').set('Authorization', admin).expect(404);
      await http().get('/api/admin/users/abc/product-views').set('Authorization', admin).expect(404);
      const bad = await http().get(`/api/admin/users/${customerId}/product-views`).query({ per_page: 500 }).set('Authorization', admin).expect(422);
      expect(bad.body.errors.per_page).toBeDefined();
    });
  });
});

describe(`product views on shutdown (${databaseKind})`, () => {
  it('writes views still buffered when the application closes, before the database closes', async () => {
    const shop = await startTestApp();
    try {
      const product = await createProduct(shop.sql);
      const views = shop.app.get(ProductViewService);
      views.record(product.id, null);
      views.record(product.id, null);
      await shop.app.close(); // well within the one-second flush interval

      const again = await createShopApp(loadEnvironment({ NODE_ENV: 'test', LOG_LEVEL: 'warn', ...shop.database.env }));
      try {
        const rows = await again.get(MikroORM).em.fork().getConnection().execute<Array<{ n: number }>>(
          'select count(*)::int as n from product_views where product_id = ?', [product.id],
        );
        expect(rows[0]!.n).toBe(2);
      } finally {
        await again.close();
      }
    } finally {
      await shop.database.drop();
    }
  });
});
