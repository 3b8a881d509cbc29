import { MAX_ORDER_TOTAL, orderTotals, withinOrderCeiling } from './order.entity.js';

describe('orderTotals', () => {
  it('takes VAT once on goods plus delivery, rounded half-up', () => {
    // 3 × 333 + 395 = 1394 → VAT 278.8 → 279 (per line it would be 67+67+67+79 = 280).
    expect(orderTotals([333, 333, 333], 395)).toEqual({ subtotal: 999, delivery: 395, vat: 279, grandTotal: 1673 });
    expect(orderTotals([1], 1)).toEqual({ subtotal: 1, delivery: 1, vat: 0, grandTotal: 2 });
    expect(orderTotals([2, 1], 0)).toEqual({ subtotal: 3, delivery: 0, vat: 1, grandTotal: 4 }); // 0.6p rounds up
    expect(orderTotals([], 0)).toEqual({ subtotal: 0, delivery: 0, vat: 0, grandTotal: 0 });
  });
});

describe('withinOrderCeiling', () => {
  it('admits a grand total (VAT included) of up to £999,999.99 and nothing above it', () => {
    // 83,333,332 + VAT 16,666,666 = 99,999,998; one penny more of goods or delivery, with its VAT, is £1,000,000.
    expect(MAX_ORDER_TOTAL).toBe(99_999_999);
    expect(withinOrderCeiling([83_333_332], 0)).toBe(true);
    expect(withinOrderCeiling([83_333_330], 2)).toBe(true);
    expect(orderTotals([83_333_333], 0).grandTotal).toBe(100_000_000);
    expect(withinOrderCeiling([83_333_333], 0)).toBe(false);
    expect(withinOrderCeiling([83_333_332], 1)).toBe(false);
  });

  it('refuses totals no integer column could hold, without reaching the VAT arithmetic', () => {
    // The dearest option (£1,000,000) × the line ceiling (9,999), on a thousand lines: beyond safe integers.
    expect(withinOrderCeiling(Array.from({ length: 1000 }, () => 100_000_000 * 9999), 0)).toBe(false);
    expect(withinOrderCeiling([2_147_483_647, 1], 0)).toBe(false);
  });
});
