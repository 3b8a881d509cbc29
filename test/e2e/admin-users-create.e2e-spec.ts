import request from 'supertest';
import { bearerFor, DEMO_ADMIN, DEMO_CUSTOMER, nextIp } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/** The portal's "new user": staff create a customer or an administrator, who then sets a password by "forgot password". */
describe(`POST /api/admin/users (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let customer: string;
  const http = () => request(shop.app.getHttpServer());
  const create = (body: object, token = admin) => http().post('/api/admin/users').set('Authorization', token).send(body);

  beforeAll(async () => {
    shop = await startTestApp();
    admin = await bearerFor(shop, DEMO_ADMIN);
    customer = await bearerFor(shop, DEMO_CUSTOMER);
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  it('creates a customer with the profile fields and answers the same view as GET /api/admin/users/{id}', async () => {
    const res = await create({
      email: '  Jo.Bloggs@Acme-Training.co.uk ', first_name: 'Jo', last_name: 'Bloggs', company_name: 'Acme Training Ltd', job_title: 'Buyer',
      phone: '0113 496 0000', vat_number: 'gb 123 456 789', account_terms: true, marketing_consent: true,
      billing_address: { line1: '1 Canal Wharf', town: 'Leeds', postcode: 'ls101ab' },
    }).expect(201);
    expect(res.body).toMatchObject({
      email: 'jo.bloggs@acme-training.co.uk', first_name: 'Jo', last_name: 'Bloggs', company_name: 'Acme Training Ltd', job_title: 'Buyer',
      phone: '0113 496 0000', vat_number: 'GB123456789', role: 'customer', account_terms: true, marketing_consent: true, has_password: false,
      billing_address: { line1: '1 Canal Wharf', line2: null, town: 'Leeds', county: null, postcode: 'LS10 1AB', country: 'GB' },
      delivery_address: null, last_login_at: null,
    });
    expect(res.body.marketing_consent_at).toEqual(expect.any(String));
    const shown = await http().get(`/api/admin/users/${res.body.id}`).set('Authorization', admin).expect(200);
    expect(shown.body).toEqual(res.body);

    // No password: signing in fails until they choose one through "forgot password".
    await http().post('/api/login').set('X-Forwarded-For', nextIp()).send({ email: 'jo.bloggs@acme-training.co.uk', password: 'anything-at-all' }).expect(422);
    const reset = await http().post('/api/password/email').set('X-Forwarded-For', nextIp()).send({ email: 'jo.bloggs@acme-training.co.uk' }).expect(200);
    expect(reset.body.message).toMatch(/e-mailed a link/);
  });

  it('creates an administrator; the defaults are customer, no account terms, no consent', async () => {
    const staff = await create({ email: 'new.staff@example.com', first_name: 'Sam', last_name: 'Staff', role: 'admin' }).expect(201);
    expect(staff.body).toMatchObject({ role: 'admin', account_terms: false, marketing_consent: false, marketing_consent_at: null, company_name: null });
    const plain = await create({ email: 'plain.customer@example.com', first_name: 'Pat', last_name: 'Plain' }).expect(201);
    expect(plain.body.role).toBe('customer');
  });

  it('refuses a taken e-mail, whatever its case, on `email`', async () => {
    const res = await create({ email: 'ADMIN@example.com', first_name: 'Al', last_name: 'Again' }).expect(422);
    expect(res.body.errors).toEqual({ email: ['An account with this e-mail address already exists.'] });
  });

  it('answers 422 with each field\'s reasons, by the profile\'s rules', async () => {
    const res = await create({
      email: 'not-an-address', first_name: '', last_name: 'x'.repeat(101), phone: 'call me', vat_number: 'FR123', role: 'owner',
      account_terms: 'yes', marketing_consent: 'sure', billing_address: { line1: '1 High Street', town: 'Leeds', postcode: 'NOPE' },
    }).expect(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'account_terms', 'billing_address.postcode', 'email', 'first_name', 'last_name', 'marketing_consent', 'phone', 'role', 'vat_number',
    ]);
    expect(res.body.errors.email).toEqual(['Enter a valid e-mail address.']);
    expect(res.body.errors.role).toEqual(['role must be customer or admin.']);
    expect(res.body.errors.account_terms).toEqual(['account_terms must be true or false.']);
    expect(res.body.errors['billing_address.postcode']).toEqual(['Enter a UK postcode, such as LS10 1AB.']);
    // Unknown fields (a password, say) are refused, not ignored.
    const extra = await create({ email: 'extra@example.com', first_name: 'Ex', last_name: 'Tra', password: 'Fire-Marshal-Course-2026' }).expect(422);
    expect(Object.keys(extra.body.errors)).toEqual(['password']);
  });

  it('is for administrators only: 401 signed out, 403 for customers', async () => {
    await http().post('/api/admin/users').send({ email: 'anon@example.com', first_name: 'A', last_name: 'Non' }).expect(401);
    await create({ email: 'cust@example.com', first_name: 'C', last_name: 'Ust' }, customer).expect(403);
  });
});
