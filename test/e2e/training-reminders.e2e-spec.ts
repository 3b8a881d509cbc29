import request from 'supertest';
import { CertificateService } from '../../src/modules/training/index.js';
import { JobHandlerRegistry } from '../../src/platform/queue/index.js';
import { createProduct } from '../support/catalogue-fixtures.js';
import { nextIp } from '../support/identity-client.js';
import { enrolLearner } from '../support/learning-fixtures.js';
import { waitForFirstRecurringRun, waitForQueueIdle, type MailboxMessage } from '../support/mailbox.js';
import { createCustomer, inContext } from '../support/orders-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';
import { itOnce } from '../support/once-across-databases.js';

const JOB = 'training.refresher-reminders';
const UNKNOWN = 'AAAAAAAAAAAA';

/**
 * Issue 26, refresher reminders (ADR 0052): 30 days before a certificate expires the learner and the buyer get one
 * e-mail each — once, however many sweeps run or race — linking to the product page with the online licence
 * preselected; the product API says how many seats an online licence holds; the public certificate page shares the
 * API's limit on unknown codes.
 */
describe(`Training refresher reminders (${databaseKind})`, () => {
  let shop: TestApp;
  let product: { id: number; slug: string; optionIds: number[] };
  const http = () => request(shop.app.getHttpServer());
  const sweep = () => inContext(shop, () => shop.app.get(JobHandlerRegistry).get(JOB)!({}, { id: 0, type: JOB, attempt: 1, maxAttempts: 1 }));
  const mailTo = async (address: string) => (await http().get('/api/dev/mailbox').query({ to: address }).expect(200)).body as MailboxMessage[];
  const remindedAt = async (code: string) => (await shop.sql<{ reminded_at: Date | null }>('select reminded_at from training_certificates where code = ?', [code]))[0]!.reminded_at;

  /** A learner of `buyer` who passed, with a certificate expiring in `days` (null: never). */
  async function passed(buyerId: number, name: string, days: number | null): Promise<{ email: string; code: string }> {
    const learner = await createCustomer(shop);
    const enrolment = await enrolLearner(shop.sql, { productId: product.id, optionId: product.optionIds[0]!, customerId: buyerId, userId: learner.id, email: learner.email, name });
    const code = await inContext(shop, () => shop.app.get(CertificateService).issue({
      learnerName: name, productId: product.id, courseTitle: 'Fire Marshal Online', score: 90, completedAt: new Date(), validityMonths: 12, enrolmentId: enrolment, userId: learner.id,
    }));
    await shop.sql(`update training_enrolments set status = 'completed', completed_at = now(), score = 90, certificate_code = ? where id = ?`, [code, enrolment]);
    await shop.sql(`update training_certificates set expires_at = ${days === null ? 'null' : `now() + (${days} * interval '1 day')`} where code = ?`, [code]);
    return { email: learner.email, code };
  }

  beforeAll(async () => {
    // Behind a trusted proxy, so each test's X-Forwarded-For is its own address for the per-address limit.
    shop = await startTestApp({ TRUST_PROXY: '127.0.0.1,::1,::ffff:127.0.0.1' });
    product = await createProduct(shop.sql, {
      title: 'Fire Marshal Online', slug: 'fire-marshal-online',
      options: [{ name: 'Online licence — 10 users', kind: 'online_access', seats: 10 }, { name: 'DVD', kind: 'physical' }],
    });
    // The worker's own first sweep, as it starts, must not claim a test's certificates while the test is making them.
    await waitForFirstRecurringRun(shop, JOB);
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  itOnce('runs hourly on the durable queue', () => {
    expect(shop.app.get(JobHandlerRegistry).recurring()).toContainEqual({ type: JOB, everyMs: 60 * 60 * 1000 });
  });

  it('reminds the learner and the buyer once, even when sweeps race and run again; never too early, revoked, expired or without expiry', async () => {
    const buyer = await createCustomer(shop);
    const ann = await passed(buyer.id, 'Ann Due', 20);
    const ben = await passed(buyer.id, 'Ben Due', 29);
    const later = await passed(buyer.id, 'Cal Later', 40);
    const revoked = await passed(buyer.id, 'Dee Revoked', 20);
    const expired = await passed(buyer.id, 'Eve Expired', -200);
    const forever = await passed(buyer.id, 'Fay Forever', null);
    await shop.sql('update training_certificates set revoked_at = now() where code = ?', [revoked.code]);
    // A certificate with neither an enrolment nor a delegate on a place has no buyer to find: left alone. (Attendance
    // certificates of named delegates are reminded: course-register.e2e-spec.ts.)
    const delegate = await inContext(shop, () => shop.app.get(CertificateService).issue({
      learnerName: 'Gus Delegate', productId: product.id, courseTitle: 'Fire Marshal Online', completedAt: new Date(), validityMonths: 12, delegateRef: 'delegate:1',
    }));
    await shop.sql(`update training_certificates set expires_at = now() + interval '20 days' where code = ?`, [delegate]);

    await Promise.all([sweep(), sweep()]);
    await sweep();
    await waitForQueueIdle(shop);

    for (const learner of [ann, ben]) {
      const mails = await mailTo(learner.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/^Your "Fire Marshal Online" certificate expires on \d{1,2} \w+ \d{4}$/);
      expect(mails[0]!.text).toContain(learner.code);
      expect(mails[0]!.text).toContain(`/certificates/${learner.code}`);
      expect(mails[0]!.text).toContain(`/products/fire-marshal-online?option=${product.optionIds[0]}#options`);
      expect(await remindedAt(learner.code)).not.toBeNull();
    }
    // One e-mail to the buyer for the run, saying how many of their learners are due and linking to the licence.
    const buyerMails = await mailTo(buyer.email);
    expect(buyerMails).toHaveLength(1);
    expect(buyerMails[0]!.subject).toBe('Refresher training due: 2 certificates expire within 30 days');
    const text = buyerMails[0]!.text;
    expect(text).toContain('Hello Casey');
    expect(text).toContain('Fire Marshal Online: 2 learners due');
    expect(text).toContain(`Ann Due (${ann.email}), certificate ${ann.code}`);
    expect(text).toContain(`Ben Due (${ben.email}), certificate ${ben.code}`);
    expect(text).toContain('Buy refresher seats (2 needed): ');
    expect(text).toMatch(new RegExp(`https?://[^\\s]+/products/fire-marshal-online\\?option=${product.optionIds[0]}#options`));
    for (const name of ['Cal Later', 'Dee Revoked', 'Eve Expired', 'Fay Forever', 'Gus Delegate']) expect(text).not.toContain(name);
    for (const quiet of [later, revoked, expired, forever]) {
      expect(await mailTo(quiet.email)).toEqual([]);
      expect(await remindedAt(quiet.code)).toBeNull();
    }
    expect(await remindedAt(delegate)).toBeNull();

    // Ten days on, the 40-day one is due; the two reminded before are not reminded again.
    await shop.sql(`update training_certificates set expires_at = now() + interval '25 days' where code = ?`, [later.code]);
    await sweep();
    await waitForQueueIdle(shop);
    expect(await mailTo(later.email)).toHaveLength(1);
    const second = (await mailTo(buyer.email)).filter((m) => m.text.includes('Cal Later'));
    expect(second).toHaveLength(1);
    expect(second[0]!.subject).toBe('Refresher training due: 1 certificate expires within 30 days');
    expect(second[0]!.text).toContain('Fire Marshal Online: 1 learner due');
    expect(second[0]!.text).not.toContain('Ann Due');
    expect(await mailTo(ann.email)).toHaveLength(1);
    expect(await mailTo(buyer.email)).toHaveLength(2);
  });

  itOnce('writes to each buyer about their own learners only', async () => {
    const [one, two] = [await createCustomer(shop), await createCustomer(shop)];
    const hers = await passed(one.id, 'Hal Hers', 10);
    const his = await passed(two.id, 'Ida His', 15);
    await sweep();
    await waitForQueueIdle(shop);
    const [toOne, toTwo] = [await mailTo(one.email), await mailTo(two.email)];
    expect(toOne).toHaveLength(1);
    expect(toTwo).toHaveLength(1);
    expect(toOne[0]!.text).toContain(hers.code);
    expect(toOne[0]!.text).not.toContain(his.code);
    expect(toTwo[0]!.text).toContain(his.code);
  });

  itOnce('gives an online licence option its seats in the product JSON (null for other kinds)', async () => {
    const detail = await http().get(`/api/products/${product.slug}`).expect(200);
    expect(detail.body.options.map((o: { name: string; seats: number | null }) => [o.name, o.seats])).toEqual([['Online licence — 10 users', 10], ['DVD', null]]);
    expect((await http().get(`/api/options/${product.optionIds[0]}`).expect(200)).body.seats).toBe(10);
    expect((await http().get(`/api/options/${product.optionIds[1]}`).expect(200)).body.seats).toBeNull();
  });

  itOnce('preselects the option a refresher link names on the product page, and ignores any other', async () => {
    const page = await http().get(`/products/${product.slug}?option=${product.optionIds[0]}`).expect(200);
    expect(page.text).toMatch(new RegExp(`<tr data-option="${product.optionIds[0]}" class="options-table__row--selected" data-option-selected="">`));
    expect(page.text).toContain('Selected for you');
    const other = await http().get(`/products/${product.slug}?option=999999`).expect(200);
    expect(other.text).not.toContain('data-option-selected');
    expect(other.text).not.toContain('Selected for you');
  });

  itOnce('counts unknown codes on the certificate page against the same limit as the API', async () => {
    const ip = nextIp();
    for (let i = 0; i < 59; i += 1) await http().get(`/api/certificates/${UNKNOWN}`).set('X-Forwarded-For', ip).expect(404);
    await http().get(`/certificates/${UNKNOWN}`).set('X-Forwarded-For', ip).expect(404); // the 60th, on the page
    await http().get(`/api/certificates/${UNKNOWN}`).set('X-Forwarded-For', ip).expect(429);
    const page = await http().get(`/certificates/${UNKNOWN}`).set('X-Forwarded-For', ip).expect(429);
    expect(page.text).toContain('Too many requests');
    expect(page.text).toContain('Too many certificate codes were checked from your network');
    // Another address is not held up, and a known code still answers from the limited one.
    await http().get(`/certificates/${UNKNOWN}`).set('X-Forwarded-For', nextIp()).expect(404);
    const buyer = await createCustomer(shop);
    const known = await passed(buyer.id, 'Jo Known', 100);
    await http().get(`/certificates/${known.code}`).set('X-Forwarded-For', ip).expect(200);
  });
});
