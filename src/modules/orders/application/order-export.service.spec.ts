import type { UserAdministrationService } from '../../identity/index.js';
import type { ExportLineRecord, ExportOrderRecord } from '../domain/order-export.js';
import { OrderExportService } from './order-export.service.js';
import type { OrderExportCursor, OrderExportFilter, OrderExportReader } from './ports/order-export-reader.port.js';

const order = (id: number, customerId: number): ExportOrderRecord => ({
  id, number: `HS-${100000 + id}`, customerId, status: 'paid', createdAt: new Date(Date.UTC(2026, 0, 1, 0, id)), poNumber: null,
  billingCompany: null, delivery: null, deliveryTotal: 0, vat: 200, invoiceNumber: null, invoiceDate: null,
});
const line = (orderId: number, code: string): ExportLineRecord => ({ orderId, title: 'Poster', optionName: 'A2', code, unitPrice: 500, qty: 2, lineTotal: 1000 });

describe('OrderExportService', () => {
  const filter: OrderExportFilter = { period: { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-02-01T00:00:00Z') }, statuses: [] };

  it('walks the keyset batch by batch, groups each batch\'s lines and credit notes by order and looks each customer up once', async () => {
    const orders = [order(1, 7), order(2, 8), order(3, 7), order(4, 9), order(5, 8)];
    const lines = [line(1, 'A'), line(2, 'B'), line(1, 'C'), line(3, 'D'), line(4, 'E'), line(5, 'F')];
    const refunds = [{ orderId: 3, creditNoteNumber: 'CN-000001', createdAt: new Date(Date.UTC(2026, 0, 20)), net: 500, vat: 100, gross: 600 }];
    const cursors: Array<OrderExportCursor | null> = [];
    const reader: OrderExportReader = {
      count: async () => orders.length,
      batch: async (_filter, after, size) => {
        cursors.push(after);
        const start = after ? orders.findIndex((o) => o.id === after.id) + 1 : 0;
        const page = orders.slice(start, start + size);
        const last = page.at(-1);
        return {
          orders: page,
          lines: lines.filter((l) => page.some((o) => o.id === l.orderId)),
          refunds: refunds.filter((r) => page.some((o) => o.id === r.orderId)),
          next: page.length < size || !last ? null : { createdAt: last.createdAt.toISOString(), id: last.id },
        };
      },
    };
    const lookups: number[][] = [];
    const users = {
      contactsOf: async (ids: readonly number[]) => {
        lookups.push([...ids]);
        return new Map(ids.filter((id) => id !== 9).map((id) => [id, { email: `user${id}@example.test`, company: null }]));
      },
    } as unknown as UserAdministrationService;

    const batches = [];
    for await (const batch of new OrderExportService(reader, users).batches(filter, 2)) batches.push(batch);
    expect(batches.map((batch) => batch.orders)).toEqual([2, 2, 1]);
    expect(cursors.map((cursor) => cursor?.id ?? null)).toEqual([null, 2, 4]);
    expect(lookups).toEqual([[7, 8], [9]]);
    const rows = batches.flatMap((batch) => batch.rows);
    expect(rows.map((row) => [row.order_number, row.code, row.customer_email, row.vat])).toEqual([
      ['HS-100001', 'A', 'user7@example.test', '1.00'], ['HS-100001', 'C', 'user7@example.test', '1.00'],
      ['HS-100002', 'B', 'user8@example.test', '2.00'],
      ['HS-100003', 'D', 'user7@example.test', '2.00'],
      ['HS-100003', null, 'user7@example.test', '-1.00'],
      ['HS-100004', 'E', null, '2.00'],
      ['HS-100005', 'F', 'user8@example.test', '2.00'],
    ]);
  });
});
