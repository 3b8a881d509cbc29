/** Where baskets are kept (the SQL adapter today). Quantities and option ids only: prices come from the catalogue. */
export const BASKET_STORE = Symbol('BasketStore');

/** Whose basket: a customer's by user id, a guest's by the SHA-256 of its cookie token. */
export type BasketOwner = { userId: number } | { tokenHash: string };

export interface StoredBasketItem {
  id: number;
  optionId: number;
  qty: number;
  /** The option's price (pence, ex VAT) when the item was last added to or changed. */
  priceSeen: number;
  /** What the line books (a course's session), opaque to the basket; null for most lines (ADR 0046). */
  bookingRef: string | null;
}

export interface StoredBasket {
  id: number;
  /** Newest first: the seed puts a new item at the front. */
  items: StoredBasketItem[];
}

export interface BasketStore {
  /** The owner's basket with its items, or null. `lock` holds the basket row until the transaction ends. */
  find(owner: BasketOwner, lock?: boolean): Promise<StoredBasket | null>;
  /** The owner's basket, created when missing (two racing creations end with one basket), locked. */
  findOrCreate(owner: BasketOwner): Promise<StoredBasket>;
  /** A new item, first in the basket, with `qty` (1 unless said). */
  addItem(basketId: number, optionId: number, priceSeen: number, qty?: number, bookingRef?: string | null): Promise<void>;
  setQty(itemId: number, qty: number, priceSeen: number): Promise<void>;
  removeItem(itemId: number): Promise<void>;
  clear(basketId: number): Promise<void>;
  remove(basketId: number): Promise<void>;
  /** Moves every item of `from` into `to` (quantities of one option added up, at most `maxQty`) and deletes `from`. */
  mergeInto(from: number, to: number, maxQty: number): Promise<void>;
  /** Marks the basket used now (a guest basket unused for the cookie's lifetime is swept). */
  touch(basketId: number): Promise<void>;
  /** Deletes guest baskets unused since `before`; returns how many. */
  sweepGuests(before: Date): Promise<number>;
}
