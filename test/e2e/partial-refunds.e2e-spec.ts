import request from 'supertest';
import { createProduct } from '../support/catalogue-fixtures.js';
import { bearerFor, DEMO_ADMIN, GOOD_PASSWORD, nextIp, signInByApi, uniqueEmail } from '../support/identity-client.js';
import { waitForMail } from '../support/mailbox.js';
import { completedEvent, deliveryTypeId, placeOrder, stripeSignature } from '../support/orders-fixtures.js';
import { binaryParser, pdfText } from '../support/pdf-text.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const SECRET = 'whsec_partial_refunds_secret_0123456789';

interface Person {
  id: number;
  email: string;
  bearer: string;
}

/**
 * Issue 28 item 7 (ADR 0045): staff refund chosen lines and quantities (and the delivery) of a paid order; each
 * refund has its own credit note from the one gap-free series, listing exactly its lines with the invoice's VAT per
 * line; restock puts back only those lines; the order is "partly refunded" until the whole-order refund credits what
 * is left; the training licence of a refunded online line loses that many seats, never a completed learner's.
 */
describe(`Partial refunds (${databaseKind})`, () => {
  let shop: TestApp;
  let admin: string;
  let buyer: Person;
  let signs: number; // physical, £10.00, 20 in stock: 3 bought
  let boots: number; // physical, £25.00, 10 in stock: 2 bought
  let course: number; // online, 5 seats a unit, £99.00: 2 bought (10 seats)
  const http = () => request(shop.app.getHttpServer());
  const asAdmin = (path: string, body: object) => http().post(path).set('Authorization', admin).send(body);
  const qtyOf = async (optionId: number) => (await shop.sql<{ qty: number }>('select qty from product_options where id = ?', [optionId]))[0]!.qty;
  const pdf = async (path: string, bearer: string) => pdfText((await http().get(path).set('Authorization', bearer).buffer(true).parse(binaryParser).expect(200)).body as Buffer);

  async function person(prefix: string): Promise<Person> {
    const email = uniqueEmail(prefix);
    await http().post('/api/register').set('X-Forwarded-For', nextIp()).send({ email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD, first_name: 'Pat', last_name: 'Buyer' }).expect(201);
    const signedIn = await signInByApi(shop, { email, password: GOOD_PASSWORD });
    return { id: signedIn.user.id, email, bearer: signedIn.bearer };
  }

  async function paidOrder(customer: Person, lines: Array<{ optionId: number; qty: number }>): Promise<number> {
    const placed = (await placeOrder(shop, customer.id, lines, { deliveryTypeId: await deliveryTypeId(shop, 'Royal Mail Tracked 48') })).order;
    const [row] = await shop.sql<{ payment_reference: string; grand_total: number }>('select payment_reference, grand_total from orders where id = ?', [placed.id]);
    const body = completedEvent(`evt_refunds_${placed.id}`, row!.payment_reference, placed.id, row!.grand_total);
    await http().post('/api/payments/test/webhook').set('content-type', 'application/json').set('stripe-signature', stripeSignature(body, SECRET)).send(body).expect(200);
    return placed.id;
  }

  beforeAll(async () => {
    shop = await startTestApp({ QUEUE_POLL_MS: '50', PAYMENT_TEST_WEBHOOK_SECRET: SECRET });
    admin = await bearerFor(shop, DEMO_ADMIN);
    buyer = await person('refund-buyer');
    signs = (await createProduct(shop.sql, { title: 'Fire Exit Sign', options: [{ name: 'Rigid', price: 1_000, qty: 20 }] })).optionIds[0]!;
    boots = (await createProduct(shop.sql, { title: 'Safety Boots', options: [{ name: 'Size 9', price: 2_500, qty: 10 }] })).optionIds[0]!;
    course = (await createProduct(shop.sql, { title: 'Fire Marshal Online', options: [{ name: 'Online licence — 5 users', kind: 'online_access', seats: 5, price: 9_900 }] })).optionIds[0]!;
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  it('refunds two parts with their own credit notes, then the whole-order refund credits only the rest', async () => {
    const orderId = await paidOrder(buyer, [{ optionId: signs, qty: 3 }, { optionId: boots, qty: 2 }, { optionId: course, qty: 2 }]);
    const order = (await http().get(`/api/admin/orders/${orderId}`).set('Authorization', admin).expect(200)).body;
    // Goods 27,800 + delivery 395 = 28,195 net; VAT 5,639 shared out 600 / 1,000 / 3,960 / 79 on the invoice.
    expect(order.totals).toEqual({ subtotal: 27_800, delivery: 395, vat: 5_639, grand_total: 33_834 });
    const [signLine, bootLine, courseLine] = order.lines.map((line: { id: number }) => line.id) as [number, number, number];
    expect(order.refundable).toEqual({ lines: [{ line_id: signLine, qty: 3 }, { line_id: bootLine, qty: 2 }, { line_id: courseLine, qty: 2 }], delivery: true });

    // Learners on the licence of 10 seats: one completed, six invited.
    const licence = (await http().get('/api/account/licences').set('Authorization', buyer.bearer).expect(200)).body[0];
    expect(licence).toMatchObject({ order_id: orderId, seats: 10 });
    const emails = Array.from({ length: 7 }, (_, i) => `learner${i}@acme.co.uk`);
    await http().post(`/api/account/licences/${licence.id}/invitations`).set('Authorization', buyer.bearer).send({ emails }).expect(201);
    await shop.sql(`update training_enrolments set status = 'completed', completed_at = now() where licence_id = ? and email = ?`, [licence.id, emails[6]]);

    // 1: one sign, back into stock, with a note shown to the customer.
    const first = await asAdmin(`/api/admin/orders/${orderId}/refunds`, { lines: [{ line_id: signLine, qty: 1 }], delivery: false, restock: true, note: 'One sign arrived bent.', note_visible: true }).expect(201);
    expect(first.body).toMatchObject({ lines: [{ line_id: signLine, qty: 1 }], delivery: false, restocked: true, net: 1_000, vat: 200, gross: 1_200, order: { status: 'paid', partly_refunded: true } });
    expect(first.body.credit_note_number).toMatch(/^CN-\d{6}$/);
    expect(await qtyOf(signs)).toBe(18);
    const mail = await waitForMail(shop, buyer.email, `Credit note ${first.body.credit_note_number} for order ${order.number}`);
    expect(mail.text).toContain('We have refunded part of order');

    // 2: another sign, one course unit and the delivery, not restocked.
    const second = await asAdmin(`/api/admin/orders/${orderId}/refunds`, { lines: [{ line_id: signLine, qty: 1 }, { line_id: courseLine, qty: 1 }], delivery: true, restock: false }).expect(201);
    expect(second.body).toMatchObject({ net: 1_000 + 9_900 + 395, vat: 200 + 1_980 + 79, gross: 13_554, restocked: false, order: { status: 'paid', partly_refunded: true } });
    expect(await qtyOf(signs)).toBe(18);

    // The licence lost 5 seats: the two newest unfinished seats were revoked, the completed learner kept theirs.
    const cut = (await http().get('/api/account/licences').set('Authorization', buyer.bearer).expect(200)).body[0];
    expect(cut).toMatchObject({ seats: 5, revoked: false });
    const statuses = await shop.sql<{ email: string; status: string }>('select email, status from training_enrolments where licence_id = ? order by email', [licence.id]);
    expect(statuses.filter((row) => row.status === 'revoked').map((row) => row.email)).toEqual([emails[4], emails[5]]);
    expect(statuses.find((row) => row.email === emails[6])!.status).toBe('completed');
    expect(statuses.filter((row) => row.status === 'invited')).toHaveLength(4);

    // What is left; the customer sees "partly refunded", both refunds and their credit notes, and the shown note.
    const partly = (await http().get(`/api/admin/orders/${orderId}`).set('Authorization', admin).expect(200)).body;
    expect(partly.refundable).toEqual({ lines: [{ line_id: signLine, qty: 1 }, { line_id: bootLine, qty: 2 }, { line_id: courseLine, qty: 1 }], delivery: false });
    const mine = (await http().get(`/api/orders/${orderId}`).set('Authorization', buyer.bearer).expect(200)).body;
    expect(mine).toMatchObject({ status: 'paid', partly_refunded: true, credit_note: null });
    expect(mine.refunds.map((refund: { credit_note_number: string; gross: number }) => [refund.credit_note_number, refund.gross])).toEqual([
      [first.body.credit_note_number, 1_200], [second.body.credit_note_number, 13_554],
    ]);
    expect(mine.lines.map((line: { refunded_qty: number }) => line.refunded_qty)).toEqual([2, 0, 1]);
    expect(mine.history.some((entry: { note: string | null }) => entry.note === 'One sign arrived bent.')).toBe(true);
    // Each partial refund is its own entry, named as one: to staff (it used to read "Paid", the status kept) and
    // to the customer (who saw it only when its note was shown).
    expect(partly.history.filter((entry: { change: string | null }) => entry.change === 'refunded_in_part')).toHaveLength(2);
    expect(partly.history.filter((entry: { change: string | null }) => entry.change === 'refunded_in_part').map((entry: { from: string; to: string }) => [entry.from, entry.to]))
      .toEqual([['paid', 'paid'], ['paid', 'paid']]);
    expect(mine.history.filter((entry: { text: string }) => entry.text === 'Partly refunded: credit note issued')).toHaveLength(2);
    // The customer's order is read as plain rows in one statement, staff's as entities (ADR 0073): every field they
    // share says the same — lines, totals, addresses, dates to the millisecond, refunds and their lines.
    const { customer: _customer, payment_provider: _provider, payment_reference: _reference, next_statuses: _next, refundable: _refundable,
      payments: _payments, amount_paid: _paid, amount_due: _due, history: staffHistory, refunds: staffRefunds, ...shared } = partly;
    expect(mine).toMatchObject({ ...shared, places: expect.any(Array) });
    expect(mine.refunds).toEqual(staffRefunds.map(({ note: _note, actor_id: _actor, ...refund }: Record<string, unknown>) => refund));
    expect(mine.history.map((entry: { at: string; to: string }) => [entry.at, entry.to])).toEqual(
      (staffHistory as Array<{ from: string | null; to: string; at: string; change: string | null; note_visible: boolean }>)
        .filter((entry) => entry.from !== entry.to || entry.change === 'refunded_in_part' || entry.note_visible)
        .map((entry) => [entry.at, entry.to]),
    );

    // The first credit note lists exactly its line, with the invoice's VAT for it.
    const text = await pdf(`/api/orders/${orderId}/refunds/${first.body.id}/credit-note.pdf`, buyer.bearer);
    expect(text).toContain(first.body.credit_note_number);
    expect(text).toContain('Fire Exit Sign');
    expect(text).not.toContain('Safety Boots');
    expect(text).not.toContain('Delivery');
    expect(text).toContain('12.00');
    const secondText = await pdf(`/api/admin/orders/${orderId}/refunds/${second.body.id}/credit-note.pdf`, admin);
    expect(secondText).toContain('Fire Marshal Online');
    expect(secondText).toContain('Delivery: Royal Mail Tracked 48');
    expect(secondText).toContain('135.54');

    // 3: the existing whole-order refund credits only the rest and gives back the stock the order still holds.
    await http().post(`/api/admin/orders/${orderId}/transitions`).set('Authorization', admin).send({ to: 'refunded' }).expect(200);
    const done = (await http().get(`/api/orders/${orderId}`).set('Authorization', buyer.bearer).expect(200)).body;
    expect(done).toMatchObject({ status: 'refunded', partly_refunded: false });
    const last = done.refunds[2];
    expect(last).toMatchObject({ lines: [{ line_id: signLine, qty: 1 }, { line_id: bootLine, qty: 2 }, { line_id: courseLine, qty: 1 }], delivery: false, net: 15_900, vat: 3_180, gross: 19_080 });
    expect(done.credit_note.number).toBe(last.credit_note_number);
    expect(1_200 + 13_554 + last.gross).toBe(33_834);
    expect(await qtyOf(signs)).toBe(19);
    expect(await qtyOf(boots)).toBe(10);
    const numbers = done.refunds.map((refund: { credit_note_number: string }) => Number(refund.credit_note_number.slice(3)));
    expect(numbers).toEqual([numbers[0], numbers[0] + 1, numbers[0] + 2]);
    const finalText = await pdf(`/api/orders/${orderId}/credit-note.pdf`, buyer.bearer);
    expect(finalText).toContain('Safety Boots');
    expect(finalText).toContain('190.80');
    expect((await http().get('/api/account/licences').set('Authorization', buyer.bearer).expect(200)).body[0]).toMatchObject({ revoked: true });
  }, 60_000);

  it('takes the order to refunded when a refund takes all that is left, without restocking when told not to', async () => {
    const orderId = await paidOrder(buyer, [{ optionId: boots, qty: 1 }]);
    const line = (await http().get(`/api/admin/orders/${orderId}`).set('Authorization', admin).expect(200)).body.lines[0].id as number;
    const before = await qtyOf(boots);
    const all = await asAdmin(`/api/admin/orders/${orderId}/refunds`, { lines: [{ line_id: line, qty: 1 }], delivery: true, restock: false }).expect(201);
    expect(all.body).toMatchObject({ order: { status: 'refunded', partly_refunded: false }, restocked: false });
    expect(await qtyOf(boots)).toBe(before);
  });

  it('answers 422 with field paths, 409 when not refundable, 404 for no order, 403 for a role without orders', async () => {
    const orderId = await paidOrder(buyer, [{ optionId: signs, qty: 2 }]);
    const line = (await http().get(`/api/admin/orders/${orderId}`).set('Authorization', admin).expect(200)).body.lines[0].id as number;
    const refund = (body: object, id = orderId) => asAdmin(`/api/admin/orders/${id}/refunds`, body);
    expect((await refund({ lines: [{ line_id: line, qty: 3 }], delivery: false, restock: true }).expect(422)).body.errors).toEqual({ 'lines.0.qty': ['At most 2 of this line is left to refund.'] });
    expect((await refund({ lines: [], delivery: false, restock: true }).expect(422)).body.errors).toEqual({ lines: ['Choose at least one line, or the delivery charge.'] });
    expect((await refund({ lines: [{ line_id: 999_999, qty: 1 }], delivery: false, restock: true }).expect(422)).body.errors).toHaveProperty(['lines.0.line_id']);
    expect((await refund({ lines: [{ line_id: line, qty: 0 }], restock: true }).expect(422)).body.errors).toMatchObject({ 'lines.0.qty': expect.any(Array), delivery: expect.any(Array) });
    await refund({ lines: [{ line_id: line, qty: 1 }], delivery: true, restock: true }).expect(201);
    expect((await refund({ lines: [], delivery: true, restock: true }).expect(422)).body.errors).toHaveProperty('delivery');
    await refund({ lines: [{ line_id: line, qty: 1 }], delivery: false, restock: true }, 999_999).expect(404);

    const unpaid = (await placeOrder(shop, buyer.id, [{ optionId: signs, qty: 1 }], { deliveryTypeId: await deliveryTypeId(shop, 'Royal Mail Tracked 48') })).order;
    await refund({ lines: [{ line_id: line, qty: 1 }], delivery: false, restock: true }, unpaid.id).expect(409);
    await refund({ lines: [{ line_id: line, qty: 1 }], delivery: false, restock: true }).expect(201); // the last one: refunded
    await refund({ lines: [{ line_id: line, qty: 1 }], delivery: false, restock: true }).expect(409);

    // A member of staff whose role is catalogue: 403, and the owner's credit notes are not another customer's.
    const [hash] = await shop.sql<{ password_hash: string }>('select password_hash from users where email = ?', [DEMO_ADMIN.email]);
    const email = uniqueEmail('refund-catalogue');
    await shop.sql(`insert into users (email, first_name, last_name, role, staff_role, password_hash) values (?, 'Cat', 'Alogue', 'admin', 'catalogue', ?)`, [email, hash!.password_hash]);
    const catalogue = (await signInByApi(shop, { email, password: DEMO_ADMIN.password })).bearer;
    await http().post(`/api/admin/orders/${orderId}/refunds`).set('Authorization', catalogue).send({ lines: [], delivery: true, restock: false }).expect(403);
    const refunds = (await http().get(`/api/orders/${orderId}`).set('Authorization', buyer.bearer).expect(200)).body.refunds as Array<{ id: number }>;
    const other = await person('refund-other');
    await http().get(`/api/orders/${orderId}/refunds/${refunds[0]!.id}/credit-note.pdf`).set('Authorization', other.bearer).expect(404);
    await http().get(`/api/orders/${orderId}/refunds/999999/credit-note.pdf`).set('Authorization', buyer.bearer).expect(404);
  }, 60_000);
});
