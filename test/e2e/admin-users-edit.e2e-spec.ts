import request from 'supertest';
import { bearerFor, DEMO_ADMIN, DEMO_CUSTOMER, signInByApi } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/** The portal's user details tab: staff change any field of a user, partially, by the profile's rules. */
describe(`PATCH /api/admin/users/{id} (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let adminId: number;
  const http = () => request(shop.app.getHttpServer());
  const create = (body: object) => http().post('/api/admin/users').set('Authorization', admin).send(body).expect(201);
  const patch = (id: number, body: object, token = admin) => http().patch(`/api/admin/users/${id}`).set('Authorization', token).send(body);

  beforeAll(async () => {
    shop = await startTestApp();
    const signedIn = await signInByApi(shop, DEMO_ADMIN);
    admin = signedIn.bearer;
    adminId = signedIn.user.id;
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  it('changes only the fields sent, normalised by the profile rules; null clears an optional one', async () => {
    const made = await create({
      email: 'edit.me@example.com', first_name: 'Edie', last_name: 'Tor', company_name: 'Old Co', phone: '0113 496 0000',
      billing_address: { line1: '1 Canal Wharf', town: 'Leeds', postcode: 'LS10 1AB' },
    });
    const res = await patch(made.body.id, {
      email: 'Edie.Tor@NewCo.example.com', company_name: 'New Co Ltd', phone: null, vat_number: 'gb123456789', role: 'admin', account_terms: true,
      delivery_address: { line1: '2 Dock Street', town: 'Hull', postcode: 'hu11aa' },
    }).expect(200);
    expect(res.body).toMatchObject({
      email: 'edie.tor@newco.example.com', first_name: 'Edie', last_name: 'Tor', company_name: 'New Co Ltd', phone: null, vat_number: 'GB123456789',
      role: 'admin', account_terms: true,
      billing_address: { line1: '1 Canal Wharf', postcode: 'LS10 1AB' },
      delivery_address: { line1: '2 Dock Street', town: 'Hull', postcode: 'HU1 1AA' },
    });
    const shown = await http().get(`/api/admin/users/${made.body.id}`).set('Authorization', admin).expect(200);
    expect(shown.body).toEqual(res.body);
  });

  it('answers 422 with the field: a taken e-mail, a cleared name, a bad postcode, an unknown field', async () => {
    const made = await create({ email: 'second.user@example.com', first_name: 'Sec', last_name: 'Ond' });
    const cases: Array<[object, string]> = [
      [{ email: 'CUSTOMER@example.com' }, 'email'],
      [{ first_name: null }, 'first_name'],
      [{ last_name: '' }, 'last_name'],
      [{ billing_address: { line1: 'x', town: 'Leeds', postcode: 'NOT A POSTCODE' } }, 'billing_address.postcode'],
      [{ role: 'owner' }, 'role'],
      [{ password: 'Sneaky-Password-123' }, 'password'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(made.body.id, body).expect(422);
      expect({ body, fields: Object.keys(res.body.errors) }).toEqual({ body, fields: [field] });
    }
    const unchanged = await http().get(`/api/admin/users/${made.body.id}`).set('Authorization', admin).expect(200);
    expect(unchanged.body).toMatchObject({ email: 'second.user@example.com', first_name: 'Sec', last_name: 'Ond', role: 'customer' });
  });

  it('keeps an administrator from removing their own admin role; 404 for an unknown user; staff only', async () => {
    const res = await patch(adminId, { role: 'customer' }).expect(422);
    expect(res.body.errors.role).toEqual(['You cannot remove your own administrator role.']);
    await patch(adminId, { first_name: 'Alex' }).expect(200);
    await patch(999_999, { first_name: 'Nobody' }).expect(404);
    await patch(adminId, { first_name: 'Mallory' }, await bearerFor(shop, DEMO_CUSTOMER)).expect(403);
    await http().patch(`/api/admin/users/${adminId}`).send({ first_name: 'Mallory' }).expect(401);
  });
});
