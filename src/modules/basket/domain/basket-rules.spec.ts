import { decrease, increase, purchasableQty, typedQuantity } from './basket-rules.js';

describe('basket rules (seed §4)', () => {
  it('adds one to an existing item while stock allows', () => {
    expect(increase(1, 5)).toEqual({ qty: 2, capped: false });
    expect(increase(4, 5)).toEqual({ qty: 5, capped: false });
  });

  it('stops at the stock and says so', () => {
    expect(increase(5, 5)).toEqual({ qty: 5, capped: true });
    // Stock fell below what was chosen: the quantity comes down to the stock, never up.
    expect(increase(7, 3)).toEqual({ qty: 3, capped: true });
  });

  it('never caps an unlimited option (downloads, online courses)', () => {
    expect(increase(999, null)).toEqual({ qty: 1000, capped: false });
  });

  it('takes one away and removes the item below 1', () => {
    expect(decrease(3)).toEqual({ qty: 2, capped: false });
    expect(decrease(1)).toEqual({ qty: 0, capped: false });
  });

  it('shows a quantity no larger than the stock now', () => {
    expect(purchasableQty(4, 2)).toBe(2);
    expect(purchasableQty(4, 0)).toBe(0);
    expect(purchasableQty(4, null)).toBe(4);
  });
});

describe('typedQuantity (issue 28: exactly what was typed, or why not)', () => {
  it('takes the number as it is, added to what the line holds', () => {
    expect(typedQuantity(80, 0, 155)).toEqual({ qty: 80 });
    expect(typedQuantity(75, 80, 155)).toEqual({ qty: 155 });
    expect(typedQuantity(9999, 0, null)).toEqual({ qty: 9999 });
  });

  it('refuses more than the stock, never lowering it quietly', () => {
    expect(typedQuantity(76, 80, 155)).toEqual({ refused: 'stock', stock: 155 });
    expect(typedQuantity(1, 0, 0)).toEqual({ refused: 'stock', stock: 0 });
    expect(typedQuantity(1, 0, -2)).toEqual({ refused: 'stock', stock: 0 });
  });

  it('refuses more than the line maximum before the stock', () => {
    expect(typedQuantity(1000, 9000, null)).toEqual({ refused: 'ceiling' });
    expect(typedQuantity(10_000, 0, 5)).toEqual({ refused: 'ceiling' });
  });
});
