import { orderTotals } from './order.entity.js';

describe('orderTotals', () => {
  it('takes VAT once on goods plus delivery, rounded half-up', () => {
    // 3 × 333 + 395 = 1394 → VAT 278.8 → 279 (per line it would be 67+67+67+79 = 280).
    expect(orderTotals([333, 333, 333], 395)).toEqual({ subtotal: 999, delivery: 395, vat: 279, grandTotal: 1673 });
    expect(orderTotals([1], 1)).toEqual({ subtotal: 1, delivery: 1, vat: 0, grandTotal: 2 });
    expect(orderTotals([2, 1], 0)).toEqual({ subtotal: 3, delivery: 0, vat: 1, grandTotal: 4 }); // 0.6p rounds up
    expect(orderTotals([], 0)).toEqual({ subtotal: 0, delivery: 0, vat: 0, grandTotal: 0 });
  });
});
