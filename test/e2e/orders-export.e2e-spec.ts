import { parse } from 'csv-parse/sync';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { createProduct } from '../support/catalogue-fixtures.js';
import { bearerFor, DEMO_ADMIN } from '../support/identity-client.js';
import { completedEvent, createCustomer, deliveryTypeId, placeOrder, stripeSignature } from '../support/orders-fixtures.js';
import { runShop } from '../support/server-process.js';
import { createSeededTestDatabase, startTestApp } from '../support/test-app.js';
import { databaseKind, type TestDatabase } from '../support/test-database.js';
import { itOnce } from '../support/once-across-databases.js';

const SECRET = 'whsec_orders_export_e2e_secret_0123456789';

const HEADER = 'order_number,order_date,status,customer_email,customer_company,po_number,row_type,description,code,quantity,' +
  'unit_price_ex_vat,line_total_ex_vat,vat,line_total_inc_vat,invoice_number,invoice_date';

type Row = Record<string, string> & { customer_email: string; invoice_number: string };

interface CreditFixture {
  credit_note_number: string;
  net: number;
  vat: number;
  gross: number;
}

interface PlacedFixture {
  id: number;
  number: string;
  status: string;
  subtotal: number;
  delivery_total: number;
  vat: number;
  grand_total: number;
  invoice_number: string | null;
}

/**
 * `shop orders:export` as operators run it (issue 15): the built CLI against a database whose orders were placed
 * through the real checkout and paid through the signed webhook; the CSV and NDJSON read back field by field.
 */
describe(`shop orders:export (${databaseKind})`, () => {
  let database: TestDatabase;
  const orders: Record<'july1' | 'july15' | 'july31' | 'june30' | 'august1', PlacedFixture> = {} as never;
  let credit: CreditFixture;
  const emails = { buyer: 'buyer.one@acme-training.co.uk', other: 'second.buyer@acme-training.co.uk' };
  const exportOrders = (...args: string[]) => runShop(['orders:export', ...args], database.env);
  const july = ['--from', '2026-07-01', '--to', '2026-07-31'];
  const csvRows = (text: string): Row[] => parse(text, { columns: true, record_delimiter: '\r\n' }) as Row[];
  const pence = (rows: Row[], column: string) => rows.reduce((sum, row) => sum + Math.round(Number(row[column]) * 100), 0);

  beforeAll(async () => {
    database = await createSeededTestDatabase();
    // The in-process shop places and pays the orders, then lets go of the database for the CLI (PGlite has one owner).
    const shop = await startTestApp({ PAYMENT_TEST_WEBHOOK_SECRET: SECRET }, { database });
    try {
      const dvd = await createProduct(shop.sql, { title: 'Manual Handling at Work', options: [{ name: 'DVD', code: 'MH-DVD-01', price: 4999, weight: 300, qty: 100 }] });
      const pack = await createProduct(shop.sql, { title: 'Fire Marshal Toolkit, "Complete"', options: [{ name: 'Download', code: 'FM-DL-02', kind: 'download', price: 1333, qty: null }] });
      const buyer = await createCustomer(shop, { email: emails.buyer });
      const other = await createCustomer(shop, { email: emails.other });
      const tracked48 = await deliveryTypeId(shop, 'Royal Mail Tracked 48');
      const pay = async (id: number) => {
        const [order] = await shop.sql<{ payment_reference: string; grand_total: number }>('select payment_reference, grand_total from orders where id = ?', [id]);
        const body = completedEvent(`evt_export_${id}`, order!.payment_reference, id, order!.grand_total);
        const res = await request(shop.app.getHttpServer()).post('/api/payments/test/webhook')
          .set('content-type', 'application/json').set('stripe-signature', stripeSignature(body, SECRET)).send(body);
        expect(res.status).toBe(200);
      };
      const place = async (key: keyof typeof orders, userId: number, lines: Array<{ optionId: number; qty: number }>, at: string, options: { paid: boolean; delivery?: boolean; po?: string }) => {
        const placed = await placeOrder(shop, userId, lines, { deliveryTypeId: options.delivery ? tracked48 : null, poNumber: options.po ?? null });
        if (options.paid) await pay(placed.order.id);
        await shop.sql('update orders set created_at = ? where id = ?', [at, placed.order.id]);
        const [row] = await shop.sql<PlacedFixture>(
          'select id, number, status, subtotal, delivery_total, vat, grand_total, invoice_number from orders where id = ?', [placed.order.id],
        );
        orders[key] = row!;
      };
      // UK midnight on 1 July is 23:00 UTC on 30 June (BST).
      await place('june30', other.id, [{ optionId: pack.optionIds[0]!, qty: 1 }], '2026-06-30T22:59:59Z', { paid: true });
      await place('july1', buyer.id, [{ optionId: dvd.optionIds[0]!, qty: 2 }, { optionId: pack.optionIds[0]!, qty: 1 }], '2026-06-30T23:30:00Z', {
        paid: true, delivery: true, po: 'PO-77, "Leeds"',
      });
      await place('july15', buyer.id, [{ optionId: dvd.optionIds[0]!, qty: 1 }], '2026-07-15T12:00:00Z', { paid: false, delivery: true, po: '=HYPERLINK("http://evil.example")' });
      await place('july31', other.id, [{ optionId: pack.optionIds[0]!, qty: 3 }], '2026-07-31T22:59:59Z', { paid: true });
      await place('august1', other.id, [{ optionId: pack.optionIds[0]!, qty: 1 }], '2026-07-31T23:00:00Z', { paid: false });
      // One of July 31's three packs refunded: its credit note is a row of its own, negative.
      const [packLine] = await shop.sql<{ id: number }>('select id from order_lines where order_id = ?', [orders.july31.id]);
      const refunded = await request(shop.app.getHttpServer()).post(`/api/admin/orders/${orders.july31.id}/refunds`)
        .set('Authorization', await bearerFor(shop, DEMO_ADMIN)).send({ lines: [{ line_id: packLine!.id, qty: 1 }], delivery: false, restock: false });
      expect(refunded.status).toBe(201);
      credit = refunded.body as CreditFixture;
    } finally {
      await shop.close();
    }
  }, 120_000);
  afterAll(() => database?.drop());

  it('writes the CSV: one row per line, one per delivery and one per credit note, field by field, adding up to the order totals', () => {
    const run = exportOrders(...july);
    expect(run.stderr).toMatch(/^Exported 3 order\(s\) in 7 row\(s\) in [\d.]+ s\.\n$/);
    expect(run.status).toBe(0);
    expect(run.stdout.split('\r\n')[0]).toBe(HEADER);
    expect(run.stdout.endsWith('\r\n')).toBe(true);
    const rows = csvRows(run.stdout);
    const { july1, july15, july31 } = orders;
    // Oldest first.
    expect(rows.map((row) => [row.order_number, row.row_type])).toEqual([
      [july1.number, 'line'], [july1.number, 'line'], [july1.number, 'delivery'], [july15.number, 'line'], [july15.number, 'delivery'], [july31.number, 'line'],
      [july31.number, 'credit_note'],
    ]);
    const invoiceDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[01]:00$/);
    const first = {
      order_number: july1.number, order_date: '2026-07-01T00:30:00+01:00', status: 'paid', customer_email: emails.buyer, customer_company: 'Acme Training Ltd',
      po_number: 'PO-77, "Leeds"', invoice_number: july1.invoice_number, invoice_date: invoiceDate,
    };
    expect(july1.invoice_number).toMatch(/^INV-\d{6}$/);
    expect(rows[0]).toEqual({
      ...first, row_type: 'line', description: 'Manual Handling at Work (DVD)', code: 'MH-DVD-01', quantity: '2', unit_price_ex_vat: '49.99',
      line_total_ex_vat: '99.98', vat: expect.stringMatching(/^\d+\.\d{2}$/), line_total_inc_vat: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect(rows[1]).toMatchObject({
      ...first, row_type: 'line', description: 'Fire Marshal Toolkit, "Complete" (Download)', code: 'FM-DL-02', quantity: '1', unit_price_ex_vat: '13.33', line_total_ex_vat: '13.33',
    });
    expect(rows[2]).toMatchObject({ ...first, row_type: 'delivery', description: 'Royal Mail Tracked 48', code: '', quantity: '1', unit_price_ex_vat: '3.95', line_total_ex_vat: '3.95' });
    for (const row of rows) expect(Math.round(Number(row.line_total_ex_vat) * 100) + Math.round(Number(row.vat) * 100)).toBe(Math.round(Number(row.line_total_inc_vat) * 100));
    // Each order's rows add up to its totals exactly: ex VAT, VAT (shared out by largest remainder) and inc VAT, less
    // what its credit notes gave back.
    for (const order of [july1, july15, july31]) {
      const own = rows.filter((row) => row.order_number === order.number);
      const credited = order === july31 ? credit : { net: 0, vat: 0, gross: 0 };
      expect(pence(own, 'line_total_ex_vat')).toBe(order.subtotal + order.delivery_total - credited.net);
      expect(pence(own, 'vat')).toBe(order.vat - credited.vat);
      expect(pence(own, 'line_total_inc_vat')).toBe(order.grand_total - credited.gross);
    }
    expect(credit.gross).toBe(1600); // one pack: £13.33 + £2.67 VAT
    expect(rows[6]).toMatchObject({
      status: 'paid', row_type: 'credit_note', description: `Credit note ${credit.credit_note_number}`, code: '', quantity: '1',
      unit_price_ex_vat: '-13.33', line_total_ex_vat: '-13.33', vat: '-2.67', line_total_inc_vat: '-16.00',
      invoice_number: credit.credit_note_number, invoice_date: invoiceDate,
    });
    expect(credit.credit_note_number).toMatch(/^CN-\d{6}$/);
    // A PO that a spreadsheet would run as a formula is written as text (a leading quote); NDJSON keeps it as typed.
    expect(rows[3]).toMatchObject({ status: 'pending_payment', order_date: '2026-07-15T13:00:00+01:00', invoice_number: '', invoice_date: '', po_number: `'=HYPERLINK("http://evil.example")` });
    expect(rows[5]).toMatchObject({
      status: 'paid', customer_email: emails.other, order_date: '2026-07-31T23:59:59+01:00', quantity: '3', unit_price_ex_vat: '13.33', line_total_ex_vat: '39.99',
      vat: '8.00', line_total_inc_vat: '47.99', invoice_number: orders.july31.invoice_number,
    });
  });

  itOnce('writes the same rows as NDJSON, one object per line', () => {
    const csv = csvRows(exportOrders(...july).stdout);
    const run = exportOrders(...july, '--format', 'json');
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines.pop()).toBe('');
    const objects = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(objects).toHaveLength(7);
    expect(Object.keys(objects[0]!)).toEqual(HEADER.split(','));
    expect(objects[0]).toMatchObject({ quantity: 2, unit_price_ex_vat: '49.99', code: 'MH-DVD-01', po_number: 'PO-77, "Leeds"' });
    expect(objects[2]).toMatchObject({ row_type: 'delivery', code: null });
    expect(objects[3]).toMatchObject({ invoice_number: null, po_number: '=HYPERLINK("http://evil.example")' });
    // Field by field the same as the CSV (where the CSV has an empty cell, JSON has null; quantities are numbers;
    // the CSV's text cells that would be formulas carry a leading quote).
    const asCsv = (value: unknown) => (value === null ? '' : /^[=+\-@]/.test(String(value)) ? `'${String(value)}` : String(value));
    expect(objects.map((object) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key, key.endsWith('_vat') || key === 'vat' ? String(value) : asCsv(value)])))).toEqual(csv);
  });

  itOnce('filters by --status, repeated or comma-separated', () => {
    const paid = csvRows(exportOrders(...july, '--status', 'paid').stdout);
    expect([...new Set(paid.map((row) => row.order_number))]).toEqual([orders.july1.number, orders.july31.number]);
    const both = exportOrders(...july, '--status', 'completed,pending_payment', '--status', 'Paid');
    expect(both.status).toBe(0);
    expect(new Set(csvRows(both.stdout).map((row) => row.order_number)).size).toBe(3);
    const none = exportOrders(...july, '--status', 'refunded');
    expect(none.status).toBe(0);
    expect(none.stdout).toBe(`${HEADER}\r\n`);
    expect(none.stderr).toMatch(/^Exported 0 order\(s\) in 0 row\(s\)/);
  });

  itOnce('includes both whole UK days of --from and --to, and nothing either side', () => {
    const numbers = (from: string, to: string) => [...new Set(csvRows(exportOrders('--from', from, '--to', to).stdout).map((row) => row.order_number))];
    expect(numbers('2026-07-01', '2026-07-01')).toEqual([orders.july1.number]);
    expect(numbers('2026-07-31', '2026-07-31')).toEqual([orders.july31.number]);
    expect(numbers('2026-06-30', '2026-06-30')).toEqual([orders.june30.number]);
    expect(numbers('2026-08-01', '2026-08-31')).toEqual([orders.august1.number]);
    expect(numbers('2026-06-01', '2026-08-31')).toEqual(['june30', 'july1', 'july15', 'july31', 'august1'].map((key) => orders[key as keyof typeof orders].number));
    const [june30] = csvRows(exportOrders('--from', '2026-06-30', '--to', '2026-06-30').stdout);
    expect(june30!.order_date).toBe('2026-06-30T23:59:59+01:00');
  });

  itOnce('writes --out through a temporary file, leaving only the finished file', () => {
    const folder = path.join(database.env.DATA_DIR, 'exports');
    const file = path.join(folder, 'july.csv');
    const missing = exportOrders(...july, '--out', file);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`Cannot write ${file}: ENOENT`);
    expect(existsSync(file)).toBe(false);

    mkdirSync(folder, { recursive: true });
    const run = exportOrders(...july, '--out', file);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Exported 3 order\(s\) in 7 row\(s\) in [\d.]+ s to .*july\.csv\.\n$/);
    expect(readFileSync(file, 'utf8')).toBe(exportOrders(...july).stdout);
    expect(readdirSync(folder)).toEqual(['july.csv']);
    // A refused export leaves the earlier file as it was.
    expect(exportOrders('--from', '2026-07-01', '--to', 'soon', '--out', file).status).toBe(2);
    expect(readFileSync(file, 'utf8').split('\r\n')[0]).toBe(HEADER);
    expect(readdirSync(folder)).toEqual(['july.csv']);
  });

  itOnce('refuses bad input with a clear message and exit 2, writing nothing', () => {
    const cases: Array<[string[], string]> = [
      [['--from', '2026-02-30', '--to', '2026-03-01'], '--from: "2026-02-30" is not a calendar date.'],
      [['--from', '01/07/2026', '--to', '2026-07-31'], '--from: "01/07/2026" is not a date; write it as YYYY-MM-DD, such as 2026-03-01.'],
      [['--from', '2026-08-01', '--to', '2026-07-31'], '--from (2026-08-01) is after --to (2026-07-31).'],
      [[...july, '--status', 'paid,shipped'], '--status: Unknown status: shipped. Choose from pending_payment, awaiting_payment, paid, processing, dispatched, completed, cancelled, refunded.'],
      [['--from', '2026-07-01'], '--to is required (the last day, YYYY-MM-DD).'],
      [[...july, '--format', 'xml'], '--format: "xml" is not csv or json.'],
    ];
    for (const [args, message] of cases) {
      const run = exportOrders(...args);
      expect({ args, status: run.status, stdout: run.stdout }).toEqual({ args, status: 2, stdout: '' });
      expect(run.stderr).toBe(`${message}\n(add --help for usage)\n`);
    }
  });

  itOnce('has --help with the columns, the time zone, exit codes and an example', () => {
    const help = exportOrders('--help');
    expect(help.status).toBe(0);
    for (const text of ['Usage: shop orders:export', 'Europe/London', 'Exit codes: 0', 'Example', 'line_total_inc_vat', 'credit_note']) expect(help.stdout).toContain(text);
  });

  it('orders:generate adds synthetic orders with gap-free invoice numbers, which export too', () => {
    const run = runShop(['orders:generate', '--orders', '60'], database.env);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // Ten customers for 60 orders: the two demo customers (customer, council), the two above, and six synthetic ones.
    expect(run.stdout).toMatch(/^Added 6 synthetic customer\(s\)\.\nGenerated 60 orders \(\d+ lines, \d+ invoices, \d+ credit notes\) for 10 customers in [\d.]+ s\.\n$/);
    const invoices = Number(/(\d+) invoices/.exec(run.stdout)![1]);
    expect(invoices).toBeGreaterThan(30);

    const today = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const lastYear = new Date(Date.now() - 367 * 86_400_000).toISOString().slice(0, 10);
    const all = csvRows(exportOrders('--from', lastYear, '--to', today, '--status', 'paid,processing,dispatched,completed,refunded').stdout);
    const numbers = [...new Set(all.filter((row) => row.row_type !== 'credit_note').map((row) => row.invoice_number))].map((number) => Number(number.slice(4))).sort((a, b) => a - b);
    // The real orders' invoices (3 paid) and the synthetic ones: 1…N without a gap or a repeat.
    expect(numbers).toEqual(Array.from({ length: invoices + 3 }, (_, index) => index + 1));
    expect(all.filter((row) => row.customer_email.endsWith('@example.test')).length).toBeGreaterThan(30);
    // The real orders keep their numbers.
    expect(all.find((row) => row.order_number === orders.july1.number)!.invoice_number).toBe(orders.july1.invoice_number);
  });
});
