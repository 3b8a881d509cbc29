import request from 'supertest';
import { CookieClient, GOOD_PASSWORD, nextIp, uniqueEmail } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/**
 * Issue 25, item 7 (ADR 0034): JSON nested 10,000 deep overflowed the stack (500) and a lone UTF-16 surrogate reached
 * PostgreSQL (22P02, 500). Both are now refused before validation: 400 for the nesting, 422 naming the field for the text.
 */
describe(`hostile input (${databaseKind})`, () => {
  let shop: TestApp;
  let customer: CookieClient;

  beforeAll(async () => {
    shop = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
    customer = new CookieClient(shop, nextIp());
    const email = uniqueEmail('hostile');
    const res = await customer.post('/api/register', { first_name: 'Jo', last_name: 'Bloggs', email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD });
    expect(res.status).toBe(201);
  });
  afterAll(() => shop.close());

  /** Sends JSON text as it is (a JS object could not carry a lone surrogate through JSON.stringify unescaped). */
  function sendText(method: 'post' | 'put' | 'patch', path: string, text: string, client = customer) {
    return request(shop.app.getHttpServer())[method](path)
      .set('X-Forwarded-For', client.ip)
      .set('Cookie', `shop_session=${client.cookie('shop_session')}; XSRF-TOKEN=${client.cookie('XSRF-TOKEN')}`)
      .set('X-XSRF-TOKEN', client.cookie('XSRF-TOKEN')!)
      .set('Content-Type', 'application/json')
      .send(text);
  }

  const deep = (depth: number, innermost = '1') => `${'['.repeat(depth)}${innermost}${']'.repeat(depth)}`;
  const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  const writes: Array<[method: 'post' | 'put', path: string, field: string, body: (value: string) => string]> = [
    ['post', '/api/login', 'email', (v) => `{"email":${v},"password":"whatever-it-is"}`],
    ['post', '/api/enquiries', 'message', (v) => `{"type":"contact","name":"Jo","email":"jo@example.com","message":${v}}`],
    ['post', '/api/basket/items', 'option_id', (v) => `{"option_id":${v}}`],
    ['put', '/api/user/profile', 'billing_address.line1', (v) => `{"first_name":"Jo","last_name":"Bloggs","billing_address":{"line1":${v},"town":"Leeds","postcode":"LS10 1AB"}}`],
  ];

  it.each(writes)('%s %s: JSON nested 10,000 deep is refused with 400, never a stack overflow', async (method, path, _field, body) => {
    for (const text of [body(deep(10_000)), body(deepObject(10_000)), deep(10_000)]) {
      const res = await sendText(method, path, text);
      expect([res.status, res.body.status, res.body.message]).toEqual([400, 400, 'The JSON body may be nested at most 32 levels deep.']);
      expect(res.body.request_id).toBeTruthy();
    }
  });

  it('accepts nesting up to the limit: a body 32 levels deep reaches validation (422 for the field)', async () => {
    const res = await sendText('post', '/api/login', `{"email":${deep(31)},"password":"whatever-it-is"}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['email']);
    expect((await sendText('post', '/api/login', `{"email":${deep(32)},"password":"x"}`)).status).toBe(400);
  });

  it.each(writes.filter(([, path]) => path !== '/api/basket/items'))('%s %s: a lone surrogate is refused with 422 naming %s', async (method, path, field, body) => {
    for (const text of ['"\\ud800"', '"abc\\udfff"', '"\\udc00\\ud800"']) {
      const res = await sendText(method, path, body(text));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ [field]: ['This must be valid text.'] });
    }
    // A proper pair (an emoji) is text like any other: it gets as far as the field's own rules.
    const emoji = await sendText(method, path, body('"\\ud83d\\ude00 Leeds"'));
    expect(emoji.body.errors?.[field] ?? []).not.toContain('This must be valid text.');
    expect(emoji.status).toBeLessThan(500);
  });

  it('names a lone surrogate in a field name, and in a field the request does not even declare', async () => {
    const stray = await sendText('post', '/api/basket/items', '{"option_id":1,"note":"\\ud800"}');
    expect([stray.status, stray.body.errors]).toEqual([422, { note: ['This must be valid text.'] }]);
    const key = await sendText('post', '/api/enquiries', '{"\\ud800":"x"}');
    expect(key.status).toBe(422);
    expect(Object.values(key.body.errors as Record<string, string[]>)).toEqual([['This must be valid text.']]);
  });

  it('never answers 5xx to a query string with a NUL or undecodable bytes', async () => {
    for (const query of ['search=%00', 'search=%ED%A0%80', 'search=%FF', 'page=%F0%9F']) {
      const res = await request(shop.app.getHttpServer()).get(`/api/products?${query}`);
      expect(res.status).toBeLessThan(500);
    }
  });
});
