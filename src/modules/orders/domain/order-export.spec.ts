import { exportPeriod, exportRowsOf, parseCalendarDate, parseStatuses, ukDayStart, ukIsoTimestamp, type ExportLineRecord, type ExportOrderRecord } from './order-export.js';

describe('the orders export', () => {
  describe('UK time', () => {
    it('writes timestamps in ISO 8601 with the UK offset of that moment', () => {
      expect(ukIsoTimestamp(new Date('2026-01-15T09:05:07.900Z'))).toBe('2026-01-15T09:05:07+00:00');
      expect(ukIsoTimestamp(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01T00:30:00+01:00');
      // Either side of the clocks going forward (29 March 2026, 01:00 UTC) and back (25 October 2026, 01:00 UTC).
      expect(ukIsoTimestamp(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29T00:59:59+00:00');
      expect(ukIsoTimestamp(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29T02:00:00+01:00');
      expect(ukIsoTimestamp(new Date('2026-10-25T00:30:00Z'))).toBe('2026-10-25T01:30:00+01:00');
      expect(ukIsoTimestamp(new Date('2026-10-25T01:30:00Z'))).toBe('2026-10-25T01:30:00+00:00');
    });

    it('starts a UK day at London midnight, in winter and in summer', () => {
      expect(ukDayStart({ year: 2026, month: 1, day: 15 }).toISOString()).toBe('2026-01-15T00:00:00.000Z');
      expect(ukDayStart({ year: 2026, month: 7, day: 1 }).toISOString()).toBe('2026-06-30T23:00:00.000Z');
      expect(ukDayStart({ year: 2026, month: 3, day: 29 }).toISOString()).toBe('2026-03-29T00:00:00.000Z');
      expect(ukDayStart({ year: 2026, month: 3, day: 30 }).toISOString()).toBe('2026-03-29T23:00:00.000Z');
      expect(ukDayStart({ year: 2026, month: 10, day: 25 }).toISOString()).toBe('2026-10-24T23:00:00.000Z');
      expect(ukDayStart({ year: 2026, month: 10, day: 26 }).toISOString()).toBe('2026-10-26T00:00:00.000Z');
    });
  });

  describe('the period', () => {
    it('covers whole UK days, both ends inclusive', () => {
      expect(exportPeriod('2026-07-01', '2026-07-31')).toEqual({ period: { start: new Date('2026-06-30T23:00:00Z'), end: new Date('2026-07-31T23:00:00Z') } });
      expect(exportPeriod('2026-12-31', '2026-12-31')).toEqual({ period: { start: new Date('2026-12-31T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') } });
      // A day of 23 hours (clocks forward), and month ends that roll over.
      expect(exportPeriod('2026-03-29', '2026-03-29')).toEqual({ period: { start: new Date('2026-03-29T00:00:00Z'), end: new Date('2026-03-29T23:00:00Z') } });
      expect(exportPeriod(' 2028-02-29 ', '2028-02-29')).toEqual({ period: { start: new Date('2028-02-29T00:00:00Z'), end: new Date('2028-03-01T00:00:00Z') } });
    });

    it('refuses dates that are not real YYYY-MM-DD dates, and --from after --to', () => {
      expect(parseCalendarDate('2026-02-30')).toBe('"2026-02-30" is not a calendar date.');
      expect(parseCalendarDate('01/03/2026')).toBe('"01/03/2026" is not a date; write it as YYYY-MM-DD, such as 2026-03-01.');
      expect(parseCalendarDate('2026-1-5')).toMatch(/is not a date/);
      expect(parseCalendarDate('2027-02-29')).toMatch(/is not a calendar date/);
      expect(exportPeriod('yesterday', '2026-13-01')).toEqual({
        problems: ['--from: "yesterday" is not a date; write it as YYYY-MM-DD, such as 2026-03-01.', '--to: "2026-13-01" is not a calendar date.'],
      });
      expect(exportPeriod('2026-07-02', '2026-07-01')).toEqual({ problems: ['--from (2026-07-02) is after --to (2026-07-01).'] });
    });
  });

  describe('--status', () => {
    it('takes repeated and comma-separated statuses, once each', () => {
      expect(parseStatuses(['paid,completed', 'Dispatched', 'paid', ' '])).toEqual({ statuses: ['paid', 'completed', 'dispatched'] });
      expect(parseStatuses([])).toEqual({ statuses: [] });
    });

    it('names the unknown statuses and the known ones', () => {
      expect(parseStatuses(['paid,shipped', 'lost'])).toEqual({
        problem: 'Unknown statuses: shipped, lost. Choose from pending_payment, awaiting_payment, paid, processing, dispatched, completed, cancelled, refunded.',
      });
    });
  });

  describe('rows', () => {
    const order: ExportOrderRecord = {
      id: 7, number: 'HS-100007', customerId: 3, status: 'paid', createdAt: new Date('2026-06-30T23:30:00Z'), poNumber: 'PO "77", Leeds',
      billingCompany: null, delivery: { name: 'Royal Mail Tracked 48', price: 395 }, deliveryTotal: 395, vat: 0, invoiceNumber: 'INV-000012',
      invoiceDate: new Date('2026-07-01T08:00:00Z'), };
    const lines: ExportLineRecord[] = [
      { orderId: 7, title: 'Manual Handling at Work', optionName: 'DVD', code: 'MH-DVD-01', unitPrice: 4999, qty: 2, lineTotal: 9998 },
      { orderId: 7, title: 'Fire Marshal Toolkit', optionName: '', code: 'FM-DL-02', unitPrice: 1333, qty: 1, lineTotal: 1333 },
    ];
    const net = 9998 + 1333 + 395;
    const vat = Math.floor((net * 20 + 50) / 100); // 2345.2 → 2345, shared 1999.4 / 266.57 / 78.99 → 1999 / 267 / 79

    it('writes one row per line and one for the delivery, with money in pounds and VAT shared out exactly', () => {
      const rows = exportRowsOf({ ...order, vat }, lines, { email: 'buyer@acme.co.uk', company: 'Acme Training Ltd' });
      expect(rows).toEqual([
        {
          order_number: 'HS-100007', order_date: '2026-07-01T00:30:00+01:00', status: 'paid', customer_email: 'buyer@acme.co.uk',
          customer_company: 'Acme Training Ltd', po_number: 'PO "77", Leeds', row_type: 'line', description: 'Manual Handling at Work (DVD)',
          code: 'MH-DVD-01', quantity: 2, unit_price_ex_vat: '49.99', line_total_ex_vat: '99.98', vat: '19.99', line_total_inc_vat: '119.97',
          invoice_number: 'INV-000012', invoice_date: '2026-07-01T09:00:00+01:00',
        },
        expect.objectContaining({ row_type: 'line', description: 'Fire Marshal Toolkit', code: 'FM-DL-02', quantity: 1, unit_price_ex_vat: '13.33', line_total_ex_vat: '13.33', vat: '2.67', line_total_inc_vat: '16.00' }),
        expect.objectContaining({ row_type: 'delivery', description: 'Royal Mail Tracked 48', code: null, quantity: 1, unit_price_ex_vat: '3.95', line_total_ex_vat: '3.95', vat: '0.79', line_total_inc_vat: '4.74' }),
      ]);
      const pence = (column: 'vat' | 'line_total_ex_vat' | 'line_total_inc_vat') => rows.reduce((sum, row) => sum + Math.round(Number(row[column]) * 100), 0);
      expect(pence('vat')).toBe(vat);
      expect(pence('line_total_ex_vat')).toBe(net);
      expect(pence('line_total_inc_vat')).toBe(net + vat);
    });

    it('prefers the invoiced company, has no delivery row without a delivery, and copes with an unknown customer', () => {
      const rows = exportRowsOf({ ...order, delivery: null, deliveryTotal: 0, vat: 2266, billingCompany: 'Billing Co', invoiceNumber: null, invoiceDate: null }, lines, undefined);
      expect(rows.map((row) => row.row_type)).toEqual(['line', 'line']);
      expect(rows[0]).toMatchObject({ customer_email: null, customer_company: 'Billing Co', invoice_number: null, invoice_date: null });
      // 2266 × 9998 / 11331 = 1999.39 and × 1333 / 11331 = 266.57: the penny left goes to the larger remainder.
      expect(rows.map((row) => row.vat)).toEqual(['19.99', '2.67']);
    });

    it('writes pence under a pound and zero with two decimals', () => {
      const rows = exportRowsOf({ ...order, delivery: { name: 'Collect', price: 0 }, deliveryTotal: 0, vat: 1 }, [{ ...lines[1]!, unitPrice: 5, lineTotal: 5 }], undefined);
      expect(rows.map((row) => [row.unit_price_ex_vat, row.vat, row.line_total_inc_vat])).toEqual([['0.05', '0.01', '0.06'], ['0.00', '0.00', '0.00']]);
    });
  });
});
