import request from 'supertest';
import { bearerFor } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/** Delivery types for administrators (issue 12): CRUD, validation, the seeded UK bands. */
describe(`Delivery types (admin API, ${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let customer: string;
  let counter = 0;
  const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++counter}`;
  const http = () => request(shop.app.getHttpServer());
  const staff = () => ({
    get: (path: string) => http().get(path).set('Authorization', admin),
    post: (path: string) => http().post(path).set('Authorization', admin),
    put: (path: string) => http().put(path).set('Authorization', admin),
    delete: (path: string) => http().delete(path).set('Authorization', admin),
  });
  const login = (email: string, password: string) => bearerFor(shop, { email, password });

  beforeAll(async () => {
    shop = await startTestApp();
    admin = await login('admin@example.com', 'demo-admin-password');
    customer = await login('customer@example.com', 'demo-customer-password');
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  it('is for administrators only', async () => {
    await http().get('/api/admin/delivery-types').expect(401);
    await http().get('/api/admin/delivery-types').set('Authorization', customer).expect(403);
    await http().post('/api/admin/delivery-types').set('Authorization', customer).send({ name: 'Sneaky', price: 0 }).expect(403);
  });

  it('lists the seeded UK bands in sort order', async () => {
    const res = await staff().get('/api/admin/delivery-types').expect(200);
    expect(res.body.slice(0, 4)).toEqual([
      expect.objectContaining({ name: 'Royal Mail Tracked 48', price: 395, min_weight: 0, max_weight: 2000, active: true }),
      expect.objectContaining({ name: 'Royal Mail Tracked 24', price: 545, max_weight: 2000 }),
      expect.objectContaining({ name: 'Parcelforce 48', price: 995, max_weight: 30_000 }),
      expect.objectContaining({ name: 'Courier next working day', price: 1495, max_weight: 30_000 }),
    ]);
  });

  it('creates, shows, updates and deletes a type', async () => {
    const name = unique('Pallet');
    const created = await staff().post('/api/admin/delivery-types').send({ name: `  ${name} `, price: 4500, min_weight: 30_001, sort_order: 90 }).expect(201);
    expect(created.body).toMatchObject({ name, price: 4500, min_weight: 30_001, max_weight: null, active: true, sort_order: 90 });
    const id = created.body.id as number;
    await staff().get(`/api/admin/delivery-types/${id}`).expect(200, /Pallet/);

    const updated = await staff().put(`/api/admin/delivery-types/${id}`).send({ max_weight: 1_000_000, active: false }).expect(200);
    expect(updated.body).toMatchObject({ name, price: 4500, min_weight: 30_001, max_weight: 1_000_000, active: false });
    const unbounded = await staff().put(`/api/admin/delivery-types/${id}`).send({ max_weight: null }).expect(200);
    expect(unbounded.body.max_weight).toBeNull();

    await staff().delete(`/api/admin/delivery-types/${id}`).expect(204);
    await staff().get(`/api/admin/delivery-types/${id}`).expect(404);
    await staff().delete(`/api/admin/delivery-types/${id}`).expect(404);
    await staff().get('/api/admin/delivery-types/abc').expect(404);
  });

  it.each([
    [{ name: '', price: 100 }, 'name', /Enter a name/],
    [{ name: '   ', price: 100 }, 'name', /Enter a name/],
    [{ price: 100 }, 'name', /Enter a name/],
    [{ name: 'Negative', price: -1 }, 'price', /negative/],
    [{ name: 'Fraction', price: 1.5 }, 'price', /whole number/],
    [{ name: 'Text price', price: '3.95' }, 'price', /whole number/],
    [{ name: 'Upside down', price: 100, min_weight: 2001, max_weight: 2000 }, 'max_weight', /at least the minimum/],
    [{ name: 'Negative weight', price: 100, min_weight: -1 }, 'min_weight', /negative/],
    [{ name: 'Bad active', price: 100, active: 'yes' }, 'active', /true or false/],
    [{ name: 'Extra', price: 100, colour: 'red' }, 'colour', /.+/],
    [{ name: 'Royal Mail Tracked 48', price: 100 }, 'name', /already called/],
  ])('refuses %j with a reason for %s', async (body, field, reason) => {
    const res = await staff().post('/api/admin/delivery-types').send(body).expect(422);
    expect(res.body.errors[field]?.join(' ')).toMatch(reason);
  });

  it('checks the band as it ends up after a partial update', async () => {
    const created = await staff().post('/api/admin/delivery-types').send({ name: unique('Band'), price: 100, min_weight: 0, max_weight: 500 }).expect(201);
    const res = await staff().put(`/api/admin/delivery-types/${created.body.id}`).send({ min_weight: 501 }).expect(422);
    expect(res.body.errors.max_weight).toBeDefined();
    await staff().put(`/api/admin/delivery-types/${created.body.id}`).send({ name: 'Parcelforce 48' }).expect(422);
    await staff().put(`/api/admin/delivery-types/${created.body.id}`).send({ price: null }).expect(422);
    await staff().put('/api/admin/delivery-types/999999').send({ price: 1 }).expect(404);
  });
});
