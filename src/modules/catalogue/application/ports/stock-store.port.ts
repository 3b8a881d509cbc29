import type { OptionKind } from '../../domain/product-option.entity.js';

export const STOCK_STORE = Symbol('StockStore');

/** An option as somebody buying it sees it: what the basket and the checkout read, never from the browser. */
export interface PurchasableOptionRow {
  id: number;
  product_id: number;
  product_slug: string;
  product_title: string;
  name: string;
  code: string;
  kind: OptionKind;
  /** Ex VAT, integer pence. */
  price: number;
  /** Grams. */
  weight: number;
  /** Stock; null = unlimited. */
  qty: number | null;
  file_id: number | null;
  /** Learners per unit bought (online_access only). */
  seats: number | null;
  /** Active option of a published product. */
  for_sale: boolean;
}

/** An option whose limited stock is low (the dashboard), with its product. */
export interface LowStockRow {
  option_id: number;
  option_name: string;
  code: string;
  qty: number;
  product_id: number;
  product_title: string;
}

export interface StockLine {
  optionId: number;
  qty: number;
}

export interface StockStore {
  /** The options with these ids (unknown ids are left out), in one statement. */
  describe(optionIds: readonly number[]): Promise<PurchasableOptionRow[]>;
  /**
   * Takes `qty` of the option for the order, in the caller's transaction: a conditional decrement, so two buyers
   * can never both take the last unit. Returns false (and changes nothing) when the stock is short.
   */
  take(orderId: number, line: StockLine): Promise<boolean>;
  /** Gives back what the order took and has not given back yet; returns the lines given back (none the second time). */
  giveBack(orderId: number): Promise<StockLine[]>;
  /**
   * Lets go of part of what the order took (refunded lines, ADR 0045): the order holds `qty` fewer of the option, and
   * the option gets them back only when `restock` (returned goods fit to sell). Never more than the order still holds.
   */
  settle(orderId: number, line: StockLine, restock: boolean): Promise<void>;
  /** Active options with limited stock at or below `threshold`: how many, and the `limit` lowest (then by id). */
  lowStock(threshold: number, limit: number): Promise<{ count: number; rows: LowStockRow[] }>;
  /** Ids of active options of published products of this kind, by id (at most `limit`). */
  idsOfKind(kind: string, limit: number): Promise<number[]>;
}
