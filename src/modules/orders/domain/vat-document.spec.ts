import { Order, OrderLine, orderTotals } from './order.entity.js';
import { shareOut, vatDocumentOf, type VatDocumentSeller } from './vat-document.js';

const SELLER: VatDocumentSeller = {
  legalName: 'HS Training Direct Ltd', tradingName: 'HS Training Direct', addressLines: ['Unit 4', 'Leeds', 'LS10 1AB'], country: 'United Kingdom',
  vatNumberDisplay: 'GB 123 4567 89', companyNumber: '01234567', phone: '01234 567890', email: 'accounts@example.co.uk',
  bankDetails: 'Demo Bank, 00-00-00, 12345678', paymentTermsDays: 30,
};
const ADDRESS = { name: 'Casey Buyer', company: 'Acme Ltd', line1: '1 Canal Wharf', line2: null, town: 'Leeds', county: null, postcode: 'LS1 1AA', country: 'GB' };

function paidOrder(): { order: Order; lines: OrderLine[] } {
  const lines = [
    new OrderLine({ orderId: 1, position: 1, productId: 1, optionId: 1, title: 'Manual Handling', optionName: 'DVD', code: 'MH-DVD', kind: 'physical', unitPrice: 3333, qty: 3 }),
    new OrderLine({ orderId: 1, position: 2, productId: 2, optionId: 2, title: 'Fire Safety', optionName: 'Download', code: 'FS-DL', kind: 'download', unitPrice: 1001, qty: 1 }),
  ];
  const order = new Order({
    number: 'HS-100001', customerId: 7, billingAddress: ADDRESS, deliveryAddress: ADDRESS, delivery: { name: 'Royal Mail', price: 395 },
    totals: orderTotals(lines.map((l) => l.lineTotal), 395), poNumber: 'PO-1', notes: null, paymentMethod: 'card',
  });
  order.status = 'paid';
  order.paidAt = new Date('2026-11-20T10:00:00Z');
  order.issueDocument('invoice', 'INV-000001', order.paidAt);
  return { order, lines };
}

describe('shareOut', () => {
  it('shares a total in proportion, adding up exactly', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(2200, [9999, 1001, 395]).reduce((a, b) => a + b)).toBe(2200);
    expect(shareOut(5, [0, 0])).toEqual([5, 0]);
  });
});

describe('vatDocumentOf', () => {
  it('is null until the order has an invoice, and a credit note only once refunded', () => {
    const { order, lines } = paidOrder();
    expect(vatDocumentOf('credit_note', order, lines, SELLER, null)).toBeNull();
    order.invoiceNumber = null;
    expect(vatDocumentOf('invoice', order, lines, SELLER, null)).toBeNull();
  });

  it('carries every line with its VAT, the delivery as a line, and totals that add up', () => {
    const { order, lines } = paidOrder();
    const doc = vatDocumentOf('invoice', order, lines, SELLER, { email: 'casey@acme.example', company: null, vatNumber: null })!;
    expect(doc.number).toBe('INV-000001');
    expect(doc.lines.map((l) => l.description)).toEqual(['Manual Handling (DVD)', 'Fire Safety (Download)', 'Delivery: Royal Mail']);
    expect(doc.lines.reduce((sum, l) => sum + l.net, 0)).toBe(doc.totals.net);
    expect(doc.lines.reduce((sum, l) => sum + l.vat, 0)).toBe(doc.totals.vat);
    expect(doc.totals.gross).toBe(doc.totals.net + doc.totals.vat);
    expect(doc.payment).toEqual({ state: 'paid', method: 'card', paidAt: order.paidAt });
    expect(doc.customer.addressLines).toEqual(['1 Canal Wharf', 'Leeds', 'LS1 1AA', 'United Kingdom']);
  });

  it('a credit note names the invoice it cancels', () => {
    const { order, lines } = paidOrder();
    order.status = 'refunded';
    order.issueDocument('credit_note', 'CN-000001', new Date('2026-11-22T10:00:00Z'));
    const doc = vatDocumentOf('credit_note', order, lines, SELLER, null)!;
    expect(doc).toMatchObject({ kind: 'credit_note', number: 'CN-000001', creditsInvoice: { number: 'INV-000001' }, payment: { state: 'refunded' } });
  });
});
