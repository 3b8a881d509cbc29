import type { BasketView } from '../../../basket/index.js';

/**
 * The customer's basket, as the checkout reads and empties it. The basket module owns baskets; this port is how orders reaches it without holding its entities: quantities by option id only —
 * prices, weights and stock are read again from the catalogue at checkout, never taken from the basket.
 */
export const CHECKOUT_BASKET = Symbol('CheckoutBasket');

export interface CheckoutBasketLine {
  optionId: number;
  qty: number;
  /** What the line books (a course's session, opaque here) and its words, carried onto the order line (ADR 0046). */
  bookingRef?: string | null;
  bookingLabel?: string | null;
}

export interface CheckoutBasketContents {
  /** The basket as `GET /api/basket` shows it: GET /api/checkout passes it on unchanged. */
  view: BasketView;
  lines: CheckoutBasketLine[];
}

export interface CheckoutBasket {
  /** The signed-in customer's basket (a guest basket under `guestToken` merged into it, as at sign-in). */
  get(userId: number, guestToken: string | null): Promise<CheckoutBasketContents>;
  /** Empties it, inside the placing transaction. */
  empty(userId: number): Promise<void>;
  /** Buy again: puts these options back in the customer's basket (capped at stock) and answers the basket. */
  addLines(userId: number, guestToken: string | null, lines: ReadonlyArray<{ optionId: number; qty: number; label: string }>): Promise<BasketView>;
}
