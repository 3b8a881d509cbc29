import request from 'supertest';
import { CertificateService } from '../../src/modules/training/index.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { bearerFor } from '../support/identity-client.js';
import { inContext } from '../support/orders-fixtures.js';
import { binaryParser, pdfText } from '../support/pdf-text.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const DAY = 86_400_000;

describe(`training certificates (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let customer: string;
  let productId: number;
  const http = () => request(shop.app.getHttpServer());
  const issue = (fields: { learnerName?: string; completedAt?: Date; validityMonths?: number | null; score?: number | null } = {}) =>
    inContext(shop, () => shop.app.get(CertificateService).issue({
      learnerName: fields.learnerName ?? 'Alex Learner', productId, courseTitle: 'Manual Handling Online', accreditation: 'CPD certified',
      score: fields.score === undefined ? 90 : fields.score, completedAt: fields.completedAt ?? new Date(), validityMonths: fields.validityMonths === undefined ? 36 : fields.validityMonths,
    }));

  beforeAll(async () => {
    shop = await startTestApp();
    admin = await bearerFor(shop, { email: 'admin@example.com', password: 'demo-admin-password' });
    customer = await bearerFor(shop, { email: 'customer@example.com', password: 'demo-customer-password' });
    productId = (await createProduct(shop.sql, { title: 'Manual Handling Online', options: [{ kind: 'online_access' }] })).id;
  });
  afterAll(() => shop.close());

  it('issues unguessable codes and verifies a valid certificate with the name and course only', async () => {
    const completedAt = new Date('2026-01-31T10:00:00Z');
    const code = await issue({ completedAt, validityMonths: 36 });
    expect(code).toMatch(/^[A-Z2-7]{12}$/);
    const codes = await Promise.all([1, 2, 3, 4, 5].map(() => issue()));
    expect(new Set([code, ...codes]).size).toBe(6);

    const res = await http().get(`/api/certificates/${code}`).expect(200);
    expect(res.body).toEqual({
      code, learner_name: 'Alex Learner', course_title: 'Manual Handling Online', completed_at: completedAt.toISOString(),
      expires_at: '2029-01-31T10:00:00.000Z', status: 'valid', revoked_at: null,
    });
    expect(res.headers['x-robots-tag']).toBe('noindex');
    // Typed by a person: lower case and dashes are the same code.
    await http().get(`/api/certificates/${code.toLowerCase().slice(0, 4)}-${code.slice(4).toLowerCase()}`).expect(200);
  });

  it('says expired once the validity has passed, and never expires without one', async () => {
    const expired = await issue({ completedAt: new Date(Date.now() - 400 * DAY), validityMonths: 12 });
    expect((await http().get(`/api/certificates/${expired}`).expect(200)).body.status).toBe('expired');
    const forever = await issue({ validityMonths: null });
    expect((await http().get(`/api/certificates/${forever}`).expect(200)).body).toMatchObject({ status: 'valid', expires_at: null });
  });

  it('answers 404 for unknown and malformed codes, as JSON and as PDF', async () => {
    await http().get('/api/certificates/AAAAAAAAAAAA').expect(404);
    await http().get('/api/certificates/not-a-code').expect(404);
    await http().get('/api/certificates/AAAAAAAAAAAA.pdf').expect(404);
  });

  it('draws the PDF with the learner, course, accreditation, score, dates, seller and code', async () => {
    const code = await issue({ learnerName: 'Sam Certified', completedAt: new Date('2026-03-02T12:00:00Z'), validityMonths: 24, score: 80 });
    const res = await http().get(`/api/certificates/${code}.pdf`).buffer(true).parse(binaryParser).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.body as Buffer);
    for (const expected of ['Certificate of completion', 'Sam Certified', 'Manual Handling Online', 'CPD certified', '80%', '2 March 2026', '2 March 2028', code]) {
      expect(text).toContain(expected);
    }
    // The check address sits in a 180 pt column beside the QR code and wraps after "/certificates/" when the code's
    // letters are wide (the code is random, so this failed now and then): read it with the wrapped lines joined.
    expect(text.replace(/\s*\n\s*/g, '')).toContain(`/certificates/${code}`);
  });

  it('lets staff revoke a certificate with a reason; the public answer and the PDF then say so', async () => {
    const code = await issue({ learnerName: 'Robin Revoked' });
    await http().post(`/api/admin/certificates/${code}/revoke`).send({ reason: 'x' }).expect(401);
    await http().post(`/api/admin/certificates/${code}/revoke`).set('Authorization', customer).send({ reason: 'x' }).expect(403);
    expect((await http().post(`/api/admin/certificates/${code}/revoke`).set('Authorization', admin).send({ reason: ' ' }).expect(422)).body.errors.reason).toBeDefined();
    await http().post('/api/admin/certificates/AAAAAAAAAAAA/revoke').set('Authorization', admin).send({ reason: 'Wrong person' }).expect(404);

    const revoked = await http().post(`/api/admin/certificates/${code}/revoke`).set('Authorization', admin).send({ reason: 'Issued to the wrong person' }).expect(200);
    expect(revoked.body).toMatchObject({ code, status: 'revoked', revoked_reason: expect.stringContaining('Issued to the wrong person'), revoked_at: expect.any(String) });
    const again = await http().post(`/api/admin/certificates/${code}/revoke`).set('Authorization', admin).send({ reason: 'Another reason' }).expect(200);
    expect(again.body.revoked_reason).toBe(revoked.body.revoked_reason);

    const verify = await http().get(`/api/certificates/${code}`).expect(200);
    expect(verify.body).toMatchObject({ status: 'revoked', revoked_at: revoked.body.revoked_at });
    expect(verify.body).not.toHaveProperty('revoked_reason');
    const pdf = await http().get(`/api/certificates/${code}.pdf`).buffer(true).parse(binaryParser).expect(200);
    expect(await pdfText(pdf.body as Buffer)).toContain('REVOKED');
  });

  it('lists certificates for staff, searchable by code, name and course', async () => {
    const code = await issue({ learnerName: 'Quinn Searchable' });
    await http().get('/api/admin/certificates').expect(401);
    await http().get('/api/admin/certificates').set('Authorization', customer).expect(403);
    const byName = await http().get('/api/admin/certificates?search=quinn sear').set('Authorization', admin).expect(200);
    expect(byName.body.data.map((c: { code: string }) => c.code)).toEqual([code]);
    expect(byName.body.meta).toMatchObject({ page: 1, total: 1 });
    const byCode = await http().get(`/api/admin/certificates?search=${code}`).set('Authorization', admin).expect(200);
    expect(byCode.body.data[0]).toMatchObject({ code, learner_name: 'Quinn Searchable', score: 90, product_id: productId, status: 'valid' });
    const byCourse = await http().get('/api/admin/certificates?search=Manual%20Handling&per_page=2').set('Authorization', admin).expect(200);
    expect(byCourse.body.data).toHaveLength(2);
    expect(byCourse.body.meta.total).toBeGreaterThan(2);
    await http().get('/api/admin/certificates?per_page=1000').set('Authorization', admin).expect(422);
  });

  it('shows the public verification page (noindex), and the 404 page for an unknown code', async () => {
    const valid = await issue({ learnerName: 'Pat Pagecheck' });
    const page = await http().get(`/certificates/${valid}`).expect(200);
    expect(page.text).toContain('Valid certificate');
    expect(page.text).toContain('Pat Pagecheck');
    expect(page.text).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    await http().post(`/api/admin/certificates/${valid}/revoke`).set('Authorization', admin).send({ reason: 'Test' }).expect(200);
    const revoked = await http().get(`/certificates/${valid}`).expect(200);
    expect(revoked.text).toContain('Revoked certificate');
    expect(revoked.text).not.toContain('Test (');
    await http().get('/certificates/AAAAAAAAAAAA').expect(404);
  });
});
