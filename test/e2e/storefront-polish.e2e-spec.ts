import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/** Issue 28's storefront items: what the server sends before any script runs. */
describe(`Storefront polish (${databaseKind})`, () => {
  let shop: TestApp;
  const http = () => request(shop.app.getHttpServer());

  beforeAll(async () => {
    shop = await startTestApp();
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  it('carries the return address from sign-in to registration and back, a path on this site only (item 5)', async () => {
    const login = (await http().get('/login?redirect=%2Fcheckout').expect(200)).text;
    expect(login).toContain('href="/register?redirect=%2Fcheckout"');
    const register = (await http().get('/register?redirect=%2Fcheckout').expect(200)).text;
    expect(register).toContain('href="/login?redirect=%2Fcheckout"');

    for (const evil of ['https%3A%2F%2Fevil.example%2F', '%2F%2Fevil.example', '%2F%5Cevil.example']) {
      const page = (await http().get(`/login?redirect=${evil}`).expect(200)).text;
      expect(page).toContain('href="/register"');
      expect(page).not.toContain('evil.example"');
    }
  });
});
