import request from 'supertest';
import { createProduct } from '../support/catalogue-fixtures.js';
import { DEMO_CUSTOMER, nextIp, setCookieNamed } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/** Under HTTPS (PUBLIC_URL https://…) the session and basket cookies are `__Host-` cookies (issue 16). */
describe(`cookies of a shop served over HTTPS (${databaseKind})`, () => {
  let shop: TestApp;
  const http = () => request(shop.app.getHttpServer());

  beforeAll(async () => {
    shop = await startTestApp({ PUBLIC_URL: 'https://shop.example.co.uk' });
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  it('sets __Host-shop_session (Secure, Path=/, no Domain) and reads only that name', async () => {
    const login = await http().post('/api/login').set('X-Forwarded-For', nextIp()).send(DEMO_CUSTOMER).expect(200);
    const cookie = setCookieNamed(login, '__Host-shop_session')!;
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(setCookieNamed(login, 'shop_session')).toBeUndefined();
    const token = /^__Host-shop_session=([^;]+)/.exec(cookie)![1]!;

    await http().get('/api/user').set('Cookie', `__Host-shop_session=${token}`).expect(200);
    // The plain name is what a subdomain or an http:// page could plant: it signs nobody in here.
    await http().get('/api/user').set('Cookie', `shop_session=${token}`).expect(401);
  });

  it('sets the sign-in device cookie as __Host-shop_device: Secure, HttpOnly, SameSite=Lax (ADR 0034)', async () => {
    const login = await http().post('/api/login').set('X-Forwarded-For', nextIp()).send(DEMO_CUSTOMER).expect(200);
    const cookie = setCookieNamed(login, '__Host-shop_device')!;
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(setCookieNamed(login, 'shop_device')).toBeUndefined();
  });

  it('keeps a guest basket in __Host-shop_basket', async () => {
    const health = await http().get('/api/health');
    const xsrf = /^XSRF-TOKEN=([^;]+)/.exec(setCookieNamed(health, 'XSRF-TOKEN')!)![1]!;
    const dvd = await createProduct(shop.sql, { title: 'HTTPS basket DVD', options: [{ name: 'DVD', price: 4999, weight: 180, qty: 10, kind: 'physical' }] });
    const added = await http().post('/api/basket/items').set('Cookie', `XSRF-TOKEN=${xsrf}`).set('X-XSRF-TOKEN', xsrf)
      .send({ option_id: dvd.optionIds[0] }).expect(200);
    const basket = setCookieNamed(added, '__Host-shop_basket')!;
    expect(basket).toMatch(/; Secure/i);
    const token = /^__Host-shop_basket=([^;]+)/.exec(basket)![1]!;
    expect((await http().get('/api/basket').set('Cookie', `__Host-shop_basket=${token}`).expect(200)).body.items).toHaveLength(1);
    expect((await http().get('/api/basket').set('Cookie', `shop_basket=${token}`).expect(200)).body.items).toHaveLength(0);
  });
});
