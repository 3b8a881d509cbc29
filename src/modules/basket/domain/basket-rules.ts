import { MAX_LINE_QUANTITY as MAX_LINE_QUANTITY_CONTRACT } from '../../../shared/contracts/basket.js';

/**
 * The seed's basket operations (§4 "Basket") as pure rules over quantities, so they are tested without a
 * database: add puts a new item first with qty 1 and adds 1 to an existing one; plus is add for an existing item;
 * both stop at the option's stock; minus takes 1 and removes the item below 1.
 */

/**
 * The most of one option a basket line (and so an order line) may hold (issue 25): a typing slip or a repeated
 * "buy again" must not become a £2.99M order or an integer overflow. Far above what any customer orders of
 * a training title, and small enough that a line at the dearest option price still fits the order ceiling's
 * arithmetic in a JavaScript number.
 */
export const MAX_LINE_QUANTITY = MAX_LINE_QUANTITY_CONTRACT;

/** "9,999": how the ceiling reads in messages. */
export const MAX_LINE_QUANTITY_TEXT = MAX_LINE_QUANTITY.toLocaleString('en-GB');

/** Whether a line of `qty` would pass the ceiling. */
export function overLineCeiling(qty: number): boolean {
  return qty > MAX_LINE_QUANTITY;
}

/** Stock of an option as the catalogue reports it; null = unlimited. */
export type Stock = number | null;

export interface QuantityChange {
  /** The new quantity; 0 means the item goes. */
  qty: number;
  /** The request asked for more than the stock allows, so the quantity stayed at the stock. */
  capped: boolean;
}

/** add (existing item) and plus: one more, but never beyond the stock. */
export function increase(current: number, stock: Stock): QuantityChange {
  if (stock !== null && current + 1 > stock) return { qty: Math.max(Math.min(current, stock), 0), capped: true };
  return { qty: current + 1, capped: false };
}

/** minus: one fewer; below 1 the item is removed. */
export function decrease(current: number): QuantityChange {
  return { qty: Math.max(current - 1, 0), capped: false };
}

/** The quantity a line can be bought in now: what the customer chose, at most the stock (a read never writes). */
export function purchasableQty(chosen: number, stock: Stock): number {
  return stock === null ? chosen : Math.max(Math.min(chosen, stock), 0);
}

/**
 * A quantity the customer typed (issue 28: eighty posters without eighty clicks): exactly that many on the line, or a
 * reason — never silently fewer, since they typed a number and should see why it was not taken. `current` is what
 * the line already holds when the typed number is added to it (the product page), 0 when it replaces it (the basket).
 */
export function typedQuantity(wanted: number, current: number, stock: Stock): { qty: number } | { refused: 'stock'; stock: number } | { refused: 'ceiling' } {
  const qty = current + wanted;
  if (overLineCeiling(qty)) return { refused: 'ceiling' };
  if (stock !== null && qty > stock) return { refused: 'stock', stock: Math.max(stock, 0) };
  return { qty };
}
