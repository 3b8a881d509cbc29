import { MikroORM, RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { JobHandlerRegistry } from '../../src/platform/queue/index.js';
import { createProduct, type ProductFixture } from '../support/catalogue-fixtures.js';
import { CookieClient, nextIp, setCookieNamed } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/**
 * The basket over HTTP (issue 12, seed §4): every operation and its edge, prices and stock from the catalogue,
 * guest baskets by cookie and their merge at sign-in, VAT rounded half-up once on the subtotal.
 */
describe(`Basket (${databaseKind})`, () => {
  let shop: TestApp;
  const http = () => request(shop.app.getHttpServer());
  const guest = () => new CookieClient(shop, nextIp());
  const product = (options: ProductFixture['options'], fields: ProductFixture = {}) =>
    createProduct(shop.sql, { title: `Basket test ${Math.random().toString(36).slice(2, 8)}`, ...fields, options });

  beforeAll(async () => {
    shop = await startTestApp();
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  it('is empty for a first-time visitor, and sets no cookie', async () => {
    const res = await http().get('/api/basket').expect(200);
    expect(res.body).toEqual({ items: [], totals: { total: '0.00', vat: '0.00', grand_total: '0.00', items: 0, weight: 0 }, messages: [] });
    expect(setCookieNamed(res, 'shop_basket')).toBeUndefined();
  });

  it('adds a new item first with qty 1, and one more of an existing item, priced from the catalogue', async () => {
    const dvd = await product([{ name: 'DVD', price: 4999, weight: 180, qty: 10, kind: 'physical' }]);
    const poster = await product([{ name: 'A2 poster', price: 1250, weight: 300, qty: null, kind: 'physical' }]);
    const visitor = guest();
    // A price from the browser is refused outright, never used.
    const priced = await visitor.post('/api/basket/items', { option_id: dvd.optionIds[0], price: 1 });
    expect(priced.status).toBe(422);
    expect(priced.body.errors.price).toBeDefined();
    const first = await visitor.post('/api/basket/items', { option_id: dvd.optionIds[0] });
    expect(first.status).toBe(200);
    const cookie = setCookieNamed(first, 'shop_basket')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=259200/); // seed: 3 days
    await visitor.post('/api/basket/items', { option_id: poster.optionIds[0] }).then((res) => expect(res.status).toBe(200));
    const res = await visitor.post('/api/basket/items', { option_id: dvd.optionIds[0] });
    expect(res.body.items.map((item: { option_id: number; qty: number }) => [item.option_id, item.qty])).toEqual([
      [poster.optionIds[0], 1],
      [dvd.optionIds[0], 2],
    ]);
    expect(res.body.items[1]).toMatchObject({
      product_id: dvd.id, product_slug: dvd.slug, title: dvd.title, option_name: 'DVD', kind: 'physical', price: 4999, weight: 180, stock: 10, available: true,
    });
    // 2 × 49.99 + 12.50 = 112.48; VAT 22.496 → 22.50 (half-up once on the subtotal).
    expect(res.body.totals).toEqual({ total: '112.48', vat: '22.50', grand_total: '134.98', items: 3, weight: 660 });
    expect(res.body.messages).toEqual([]);
    // The cookie is renewed on every use.
    expect(setCookieNamed(await visitor.get('/api/basket'), 'shop_basket')).toMatch(/Max-Age=259200/);
  });

  it('rounds VAT half-up once on awkward prices', async () => {
    const awkward = await product([{ name: 'Pack', price: 333, weight: 0, qty: null, kind: 'download' }]);
    const visitor = guest();
    await visitor.post('/api/basket/items', { option_id: awkward.optionIds[0] });
    const res = await visitor.post('/api/basket/items', { option_id: awkward.optionIds[0] });
    // 6.66 × 20% = 1.332 → 1.33 (per-line rounding of 0.666 would give 1.34).
    expect(res.body.totals).toEqual({ total: '6.66', vat: '1.33', grand_total: '7.99', items: 2, weight: 0 });
    const three = await product([{ name: 'Pack', price: 1, weight: 0, qty: null, kind: 'download' }]);
    await visitor.delete('/api/basket');
    for (let i = 0; i < 3; i++) await visitor.post('/api/basket/items', { option_id: three.optionIds[0] });
    const half = await visitor.get('/api/basket');
    // 0.03 × 20% = 0.006 → 0.01; 0.025 would also round up (half-up).
    expect(half.body.totals).toMatchObject({ total: '0.03', vat: '0.01', grand_total: '0.04' });
  });

  it('stops at the stock with a message, and answers 409 when nothing is left', async () => {
    const scarce = await product([{ name: 'DVD', price: 2000, weight: 100, qty: 2, kind: 'physical' }]);
    const sold = await product([{ name: 'DVD', price: 2000, weight: 100, qty: 0, kind: 'physical' }]);
    const visitor = guest();
    await visitor.post('/api/basket/items', { option_id: scarce.optionIds[0] });
    const second = await visitor.post('/api/basket/items', { option_id: scarce.optionIds[0] });
    expect(second.body.items[0].qty).toBe(2);
    expect(second.body.messages).toEqual([]);
    const third = await visitor.post('/api/basket/items', { option_id: scarce.optionIds[0] });
    expect(third.status).toBe(200);
    expect(third.body.items[0].qty).toBe(2);
    expect(third.body.messages.join(' ')).toMatch(/Only 2 of .* are in stock/);
    const plus = await visitor.patch(`/api/basket/items/${third.body.items[0].id}`, { action: 'plus' });
    expect(plus.status).toBe(200);
    expect(plus.body.items[0].qty).toBe(2);
    expect(plus.body.messages.join(' ')).toMatch(/Only 2/);

    const none = await visitor.post('/api/basket/items', { option_id: sold.optionIds[0] });
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/out of stock/);
    expect((await visitor.get('/api/basket')).body.items).toHaveLength(1); // nothing half-written
  });

  it('plus, minus (removed below 1), delete and clear', async () => {
    const a = await product([{ name: 'A', price: 1000, weight: 0, qty: null, kind: 'download' }]);
    const b = await product([{ name: 'B', price: 500, weight: 0, qty: null, kind: 'download' }]);
    const visitor = guest();
    await visitor.post('/api/basket/items', { option_id: a.optionIds[0] });
    const added = await visitor.post('/api/basket/items', { option_id: b.optionIds[0] });
    const [itemB, itemA] = added.body.items as Array<{ id: number }>;
    expect((await visitor.patch(`/api/basket/items/${itemA!.id}`, { action: 'plus' })).body.totals.items).toBe(3);
    expect((await visitor.patch(`/api/basket/items/${itemA!.id}`, { action: 'minus' })).body.totals.items).toBe(2);
    const gone = await visitor.patch(`/api/basket/items/${itemA!.id}`, { action: 'minus' });
    expect(gone.body.items.map((item: { id: number }) => item.id)).toEqual([itemB!.id]);
    const deleted = await visitor.delete(`/api/basket/items/${itemB!.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.items).toEqual([]);
    await visitor.post('/api/basket/items', { option_id: a.optionIds[0] });
    const cleared = await visitor.delete('/api/basket');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ items: [], totals: { total: '0.00', vat: '0.00', grand_total: '0.00', items: 0, weight: 0 } });
    expect((await visitor.get('/api/basket')).body.items).toEqual([]);
  });

  it('takes a typed quantity on add and on update: exactly that many, or a 422 next to qty saying why (issue 28)', async () => {
    const posters = await product([{ name: 'A2 poster', price: 450, weight: 100, qty: 100, kind: 'physical' }]);
    const visitor = guest();
    const added = await visitor.post('/api/basket/items', { option_id: posters.optionIds[0], qty: 80 });
    expect(added.status).toBe(200);
    expect(added.body.items[0]).toMatchObject({ option_id: posters.optionIds[0], qty: 80 });
    const item = added.body.items[0].id as number;

    // Adding to what the line holds: 80 + 30 is more than the 100 in stock; nothing changes.
    const over = await visitor.post('/api/basket/items', { option_id: posters.optionIds[0], qty: 30 });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ qty: ['Only 100 in stock, and 80 are already in your basket.'] });
    expect((await visitor.get('/api/basket')).body.items[0].qty).toBe(80);

    // The basket's Update sets the line: 95 is fine, 101 is not, 0 removes it.
    expect((await visitor.patch(`/api/basket/items/${item}`, { qty: 95 })).body.items[0].qty).toBe(95);
    const tooMany = await visitor.patch(`/api/basket/items/${item}`, { qty: 101 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ qty: ['Only 100 in stock.'] });
    for (const [qty, reason] of [[10_000, 'At most 9,999 per line.'], [-1, 'Enter a quantity of 0 or more (0 removes the item).'], [2.5, 'Enter a whole number.'], ['ten', 'Enter a whole number.']] as const) {
      const refused = await visitor.patch(`/api/basket/items/${item}`, { qty });
      expect({ qty, status: refused.status, reason: refused.body.errors?.qty?.[0] }).toEqual({ qty, status: 422, reason });
    }
    expect((await visitor.post('/api/basket/items', { option_id: posters.optionIds[0], qty: 0 })).body.errors.qty).toEqual(['Enter a quantity of 1 or more.']);
    expect((await visitor.get('/api/basket')).body.items[0].qty).toBe(95);
    expect((await visitor.patch(`/api/basket/items/${item}`, { qty: 0 })).body.items).toEqual([]);

    // Unlimited stock still stops at the line maximum, counting what is there.
    const download = await product([{ name: 'Download', price: 900, weight: 0, qty: null, kind: 'download' }]);
    await visitor.post('/api/basket/items', { option_id: download.optionIds[0], qty: 9_000 }).then((res) => expect(res.status).toBe(200));
    const ceiling = await visitor.post('/api/basket/items', { option_id: download.optionIds[0], qty: 1_000 });
    expect(ceiling.status).toBe(422);
    expect(ceiling.body.errors).toEqual({ qty: ['At most 9,999 per line, and 9000 are already in your basket.'] });
  });

  it('answers 404 for unknown, inactive or unpublished options, and for items of another basket', async () => {
    const inactive = await product([{ name: 'Old', active: false }, { name: 'New' }]);
    const draft = await product([{ name: 'X' }], { status: 'draft' });
    const visitor = guest();
    for (const optionId of [2_000_000_000, inactive.optionIds[0], draft.optionIds[0]]) {
      const res = await visitor.post('/api/basket/items', { option_id: optionId });
      expect(res.status).toBe(404);
    }
    const mine = await visitor.post('/api/basket/items', { option_id: inactive.optionIds[1] });
    const other = guest();
    await other.post('/api/basket/items', { option_id: inactive.optionIds[1] });
    const theirs = await other.patch(`/api/basket/items/${mine.body.items[0].id}`, { action: 'plus' });
    expect(theirs.status).toBe(404);
    expect((await other.delete(`/api/basket/items/${mine.body.items[0].id}`)).status).toBe(404);
    expect((await visitor.get('/api/basket')).body.items[0].qty).toBe(1);
  });

  it.each([
    ['option_id', { option_id: 'twelve' }],
    ['option_id', { option_id: -1 }],
    ['option_id', { option_id: 1.5 }],
    ['option_id', { option_id: 99_999_999_999 }],
    ['option_id', {}],
  ])('answers 422 naming %s for %j', async (field, body) => {
    const res = await guest().post('/api/basket/items', body);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBeDefined();
  });

  it('answers 422 for a bad action and 404 for an item id that is not a number', async () => {
    const visitor = guest();
    const option = (await product([{ name: 'A', qty: null, kind: 'download' }])).optionIds[0];
    const added = await visitor.post('/api/basket/items', { option_id: option });
    const bad = await visitor.patch(`/api/basket/items/${added.body.items[0].id}`, { action: 'double' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.action).toEqual(['action must be "plus" or "minus".']);
    expect((await visitor.patch('/api/basket/items/abc', { action: 'plus' })).status).toBe(404);
    expect((await visitor.patch('/api/basket/items/99999999999', { action: 'plus' })).status).toBe(404);
  });

  it('refuses a change without the XSRF header, and ignores a forged basket cookie', async () => {
    const option = (await product([{ name: 'A', qty: null, kind: 'download' }])).optionIds[0];
    const visitor = guest();
    expect((await visitor.post('/api/basket/items', { option_id: option }, { xsrf: false })).status).toBe(403);
    const forged = await http().get('/api/basket').set('Cookie', 'shop_basket=not-a-real-basket-token-at-all').expect(200);
    expect(forged.body.items).toEqual([]);
  });

  it('binds a guest\'s XSRF token to the basket cookie: a self-made matching pair or another basket\'s token is 403, the issued one works (issue 25)', async () => {
    const option = (await product([{ name: 'A', qty: null, kind: 'download' }])).optionIds[0];
    const visitor = guest();
    const before = (await visitor.get('/api/health'), visitor.cookie('XSRF-TOKEN'));
    // No basket yet: nothing to bind to, so the first add is a plain double submit; its answer binds the token.
    const first = await visitor.post('/api/basket/items', { option_id: option });
    expect(first.status).toBe(200);
    const basketCookie = visitor.cookie('shop_basket')!;
    const issued = visitor.cookie('XSRF-TOKEN')!;
    expect(setCookieNamed(first, 'XSRF-TOKEN')).toBeDefined();
    expect(issued).not.toBe(before);
    const other = guest();
    await other.post('/api/basket/items', { option_id: option });
    const withPair = (xsrf: string) =>
      http().post('/api/basket/items').set('Cookie', `shop_basket=${basketCookie}; XSRF-TOKEN=${xsrf}`).set('X-XSRF-TOKEN', xsrf).send({ option_id: option });
    // A pair planted by a sibling subdomain (cookie and header agree, as plain double submit wanted) …
    expect((await withPair('planted-by-a-neighbour-0123456789')).status).toBe(403);
    // … or the token of another visitor's basket.
    expect((await withPair(other.cookie('XSRF-TOKEN')!)).status).toBe(403);
    expect((await visitor.get('/api/basket')).body.items[0].qty).toBe(1);
    const second = await withPair(issued);
    expect(second.status).toBe(200);
    expect(second.body.items[0].qty).toBe(2);
    // A browser whose XSRF cookie predates its basket gets the basket's token on its next request.
    const rebound = await http().get('/api/health').set('Cookie', `shop_basket=${basketCookie}; XSRF-TOKEN=${before}`);
    expect(setCookieNamed(rebound, 'XSRF-TOKEN')).toMatch(new RegExp(`^XSRF-TOKEN=${issued};`));
  });

  it('flags a line whose option became inactive or whose price changed, and leaves it out of the totals', async () => {
    const changing = await product([{ name: 'DVD', price: 1000, weight: 100, qty: 5, kind: 'physical' }]);
    const retiring = await product([{ name: 'DVD', price: 2000, weight: 100, qty: 5, kind: 'physical' }]);
    const visitor = guest();
    await visitor.post('/api/basket/items', { option_id: changing.optionIds[0] });
    await visitor.post('/api/basket/items', { option_id: retiring.optionIds[0] });
    await shop.sql('update product_options set price = 1200 where id = ?', [changing.optionIds[0]]);
    await shop.sql('update product_options set active = false where id = ?', [retiring.optionIds[0]]);
    const res = await visitor.get('/api/basket');
    expect(res.body.items.find((item: { option_id: number }) => item.option_id === retiring.optionIds[0])).toMatchObject({ available: false });
    expect(res.body.items.find((item: { option_id: number }) => item.option_id === changing.optionIds[0])).toMatchObject({ price: 1200, available: true });
    expect(res.body.totals).toMatchObject({ total: '12.00', items: 1, weight: 100 });
    expect(res.body.messages).toEqual(expect.arrayContaining([
      expect.stringMatching(/no longer for sale/),
      expect.stringMatching(/has changed from £10\.00 to £12\.00/),
    ]));
    // Touching the line accepts the new price.
    const line = res.body.items.find((item: { option_id: number }) => item.option_id === changing.optionIds[0]);
    const plus = await visitor.patch(`/api/basket/items/${line.id}`, { action: 'plus' });
    expect(plus.body.messages.join(' ')).not.toMatch(/has changed/);
    // Stock falling below the chosen quantity shows the quantity that can be bought.
    await shop.sql('update product_options set qty = 1 where id = ?', [changing.optionIds[0]]);
    const capped = await visitor.get('/api/basket');
    expect(capped.body.items.find((item: { option_id: number }) => item.option_id === changing.optionIds[0]).qty).toBe(1);
    expect(capped.body.messages.join(' ')).toMatch(/Only 1 of .* is left/);
  });

  it('keeps a guest basket at sign-in, merged into the customer basket, and drops the guest cookie', async () => {
    const dvd = await product([{ name: 'DVD', price: 4999, weight: 180, qty: 50, kind: 'physical' }]);
    const download = await product([{ name: 'Download', price: 1999, weight: 0, qty: null, kind: 'download' }]);
    const email = `merge.${Date.now().toString(36)}@acme-training.co.uk`;
    const visitor = guest();
    expect((await visitor.post('/api/register', { first_name: 'Mo', last_name: 'Merge', email, password: 'merge-password-123', password_confirmation: 'merge-password-123' })).status).toBeLessThan(300);
    await visitor.post('/api/basket/items', { option_id: dvd.optionIds[0] }); // signed in: the customer's basket
    await visitor.post('/api/logout');
    await visitor.post('/api/basket/items', { option_id: dvd.optionIds[0] }); // as a guest again
    await visitor.post('/api/basket/items', { option_id: download.optionIds[0] });
    expect(visitor.cookie('shop_basket')).toBeDefined();
    expect((await visitor.post('/api/login', { email, password: 'merge-password-123' })).status).toBe(200);
    const merged = await visitor.get('/api/basket');
    expect(merged.body.items.map((item: { option_id: number; qty: number }) => [item.option_id, item.qty]).sort()).toEqual(
      [[dvd.optionIds[0], 2], [download.optionIds[0], 1]].sort(),
    );
    expect(visitor.cookie('shop_basket')).toBeUndefined();
    // Once merged, the guest basket is gone: signing out leaves an empty guest basket.
    await visitor.post('/api/logout');
    expect((await visitor.get('/api/basket')).body.items).toEqual([]);
  });

  it('holds at most 9,999 of one option on a line: one more by add or plus is a 422 naming quantity (issue 25)', async () => {
    const pack = await product([{ name: 'Pack', price: 100, weight: 0, qty: null, kind: 'download' }]);
    const visitor = guest();
    const added = await visitor.post('/api/basket/items', { option_id: pack.optionIds[0] });
    const itemId = added.body.items[0].id as number;
    await shop.sql('update basket_items set qty = 9998 where id = ?', [itemId]);
    const atCeiling = await visitor.patch(`/api/basket/items/${itemId}`, { action: 'plus' });
    expect(atCeiling.status).toBe(200);
    expect(atCeiling.body.items[0].qty).toBe(9999);
    for (const over of [
      () => visitor.patch(`/api/basket/items/${itemId}`, { action: 'plus' }),
      () => visitor.post('/api/basket/items', { option_id: pack.optionIds[0] }),
    ]) {
      const res = await over();
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ quantity: ['At most 9,999 per line.'] });
      expect(res.body.message).toMatch(/at most 9,999 of one item in your basket: ".+ — Pack" would go over\./);
    }
    expect((await visitor.get('/api/basket')).body.items[0].qty).toBe(9999);
    expect((await visitor.patch(`/api/basket/items/${itemId}`, { action: 'minus' })).body.items[0].qty).toBe(9998);
  });

  it('stops a line merged at sign-in at 9,999 (issue 25)', async () => {
    const pack = await product([{ name: 'Pack', price: 100, weight: 0, qty: null, kind: 'download' }]);
    const email = `ceiling.${Date.now().toString(36)}@acme-training.co.uk`;
    const visitor = guest();
    expect((await visitor.post('/api/register', { first_name: 'Cy', last_name: 'Ceiling', email, password: 'ceiling-password-123', password_confirmation: 'ceiling-password-123' })).status).toBeLessThan(300);
    await visitor.post('/api/basket/items', { option_id: pack.optionIds[0] }); // the customer's basket: 1
    await visitor.post('/api/logout');
    const asGuest = await visitor.post('/api/basket/items', { option_id: pack.optionIds[0] });
    await shop.sql('update basket_items set qty = 9999 where id = ?', [asGuest.body.items[0].id]);
    expect((await visitor.post('/api/login', { email, password: 'ceiling-password-123' })).status).toBe(200);
    expect((await visitor.get('/api/basket')).body.items.map((item: { qty: number }) => item.qty)).toEqual([9999]);
  });

  it('sweeps guest baskets unused for longer than the cookie lives (3 days), through its recurring job; never a customer basket', async () => {
    const poster = await product([{ name: 'A2 poster', price: 995, weight: 120, qty: null, kind: 'physical' }]);
    const stale = guest();
    const fresh = guest();
    await stale.post('/api/basket/items', { option_id: poster.optionIds[0] });
    await fresh.post('/api/basket/items', { option_id: poster.optionIds[0] });
    const customerBaskets = async () => Number((await shop.sql<{ n: string }>('select count(*) as n from baskets where user_id is not null'))[0]!.n);
    const customersBefore = await customerBaskets();
    await shop.sql(
      `update baskets set updated_at = now() - interval '3 days 1 minute' where id = (select basket_id from basket_items where option_id = ? order by id limit 1)`,
      [poster.optionIds[0]],
    );
    await shop.sql(`update baskets set updated_at = now() - interval '4 days' where user_id is not null`);
    const sweep = shop.app.get(JobHandlerRegistry).get('basket.sweep-guests')!;
    expect(shop.app.get(JobHandlerRegistry).recurring()).toContainEqual({ type: 'basket.sweep-guests', everyMs: 6 * 60 * 60 * 1000 });
    await RequestContext.create(shop.app.get(MikroORM).em, () => sweep({}, { id: 0, type: 'basket.sweep-guests', attempt: 1, maxAttempts: 1 }));
    expect((await stale.get('/api/basket')).body.items).toEqual([]);
    expect((await fresh.get('/api/basket')).body.items).toHaveLength(1);
    expect(await customerBaskets()).toBe(customersBefore);
  });
});
