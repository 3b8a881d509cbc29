import { Order, OrderLine, orderTotals } from './order.entity.js';
import { checkRefundChoice, everythingLeft, OrderRefund, refundableOf, refundAmounts, takesEverythingLeft, RefundInvalidError } from './refund.js';
import { shareOut } from './vat-document.js';

const ADDRESS = { name: 'Casey Buyer', company: null, line1: '1 Canal Wharf', line2: null, town: 'Leeds', county: null, postcode: 'LS1 1AA', country: 'GB' };

/** Three odd-priced units of one line (VAT that does not divide by 3), one of another, and a delivery charge. */
function paidOrder(): { order: Order; lines: OrderLine[] } {
  const lines = [
    new OrderLine({ orderId: 1, position: 1, productId: 1, optionId: 1, title: 'Manual Handling', optionName: 'DVD', code: 'MH-DVD', kind: 'physical', unitPrice: 3333, qty: 3 }),
    new OrderLine({ orderId: 1, position: 2, productId: 2, optionId: 2, title: 'Fire Safety', optionName: 'Download', code: 'FS-DL', kind: 'download', unitPrice: 1001, qty: 1 }),
  ];
  lines.forEach((line, index) => (line.id = 10 + index));
  const order = new Order({
    number: 'HS-100001', customerId: 7, billingAddress: ADDRESS, deliveryAddress: ADDRESS, delivery: { name: 'Royal Mail', price: 395 },
    totals: orderTotals(lines.map((l) => l.lineTotal), 395), poNumber: null, notes: null, paymentMethod: 'card',
  });
  order.id = 1;
  order.status = 'paid';
  return { order, lines };
}

function recorded(id: number, amounts: ReturnType<typeof refundAmounts>, lines: Array<{ lineId: number; qty: number }>, delivery: boolean): OrderRefund {
  const refund = new OrderRefund(1, `CN-00000${id}`, new Date(), lines, delivery, false, amounts.totals.net, amounts.totals.vat, amounts.totals.gross);
  refund.id = id;
  return refund;
}

describe('refunds of chosen lines (ADR 0045)', () => {
  it("credits a line's invoiced VAT unit by unit, rounding on the running total, so every credit note adds up to the invoice", () => {
    const { order, lines } = paidOrder();
    const shares = shareOut(order.vat, [...lines.map((line) => line.lineTotal), order.deliveryTotal]);
    const refunds: OrderRefund[] = [];
    for (const [index, choice] of [
      { lines: [{ lineId: 10, qty: 1 }], delivery: false },
      { lines: [{ lineId: 10, qty: 1 }], delivery: true },
      { lines: [{ lineId: 10, qty: 1 }, { lineId: 11, qty: 1 }], delivery: false },
    ].entries()) {
      const amounts = refundAmounts(order, lines, refunds, choice);
      refunds.push(recorded(index + 1, amounts, choice.lines, choice.delivery));
    }
    const dvdVat = refunds.map((refund) => refundAmounts(order, lines, refunds.filter((r) => r.id < refund.id), refund).lines.find((l) => l.line.id === 10)!.vat);
    expect(dvdVat.reduce((a, b) => a + b)).toBe(shares[0]);
    expect(Math.max(...dvdVat) - Math.min(...dvdVat)).toBeLessThanOrEqual(1);
    expect(refunds.reduce((sum, refund) => sum + refund.vat, 0)).toBe(order.vat);
    expect(refunds.reduce((sum, refund) => sum + refund.gross, 0)).toBe(order.grandTotal);
    expect(refunds[1]!.net).toBe(3333 + 395);
    expect(refundableOf(order, lines, refunds)).toEqual({ lines: [{ lineId: 10, qty: 0 }, { lineId: 11, qty: 0 }], delivery: false });
  });

  it('knows what is left, whether a choice takes all of it, and what the whole-order refund credits', () => {
    const { order, lines } = paidOrder();
    const first = recorded(1, refundAmounts(order, lines, [], { lines: [{ lineId: 10, qty: 2 }], delivery: false }), [{ lineId: 10, qty: 2 }], false);
    const left = refundableOf(order, lines, [first]);
    expect(left).toEqual({ lines: [{ lineId: 10, qty: 1 }, { lineId: 11, qty: 1 }], delivery: true });
    expect(takesEverythingLeft(left, { lines: [{ lineId: 10, qty: 1 }, { lineId: 11, qty: 1 }], delivery: false, restock: false })).toBe(false);
    expect(takesEverythingLeft(left, { lines: [{ lineId: 11, qty: 1 }, { lineId: 10, qty: 1 }], delivery: true, restock: false })).toBe(true);
    expect(everythingLeft(left, true)).toEqual({ lines: [{ lineId: 10, qty: 1 }, { lineId: 11, qty: 1 }], delivery: true, restock: true });
  });

  it('refuses more than is left, unknown or repeated lines, the delivery twice and an empty refund, naming each field', () => {
    const { order, lines } = paidOrder();
    const left = refundableOf(order, lines, []);
    const fieldsOf = (choice: Parameters<typeof checkRefundChoice>[1]) => {
      try {
        checkRefundChoice(left, choice);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(RefundInvalidError);
        return (error as RefundInvalidError).fields;
      }
    };
    expect(fieldsOf({ lines: [{ lineId: 10, qty: 4 }], delivery: false, restock: true })).toEqual({ 'lines.0.qty': ['At most 3 of this line is left to refund.'] });
    expect(fieldsOf({ lines: [{ lineId: 99, qty: 1 }, { lineId: 10, qty: 1 }, { lineId: 10, qty: 1 }], delivery: false, restock: true })).toEqual({
      'lines.0.line_id': ['Not a line of this order.'], 'lines.2.line_id': ['This line is listed twice.'],
    });
    expect(fieldsOf({ lines: [], delivery: false, restock: true })).toEqual({ lines: ['Choose at least one line, or the delivery charge.'] });
    expect(fieldsOf({ lines: [], delivery: true, restock: true })).toBeNull();
    const noDelivery = { ...left, delivery: false };
    expect(() => checkRefundChoice(noDelivery, { lines: [], delivery: true, restock: false })).toThrow(RefundInvalidError);
  });
});
