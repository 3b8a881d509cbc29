import { Inject, Injectable } from '@nestjs/common';
import { OptionNotForSaleError, OutOfStockError } from '../domain/stock-errors.js';
import { STOCK_STORE, type LowStockRow, type PurchasableOptionRow, type StockLine, type StockStore } from './ports/stock-store.port.js';
import type { OptionKind } from '../domain/product-option.entity.js';
import { isId } from '../../../shared/contracts/ids.js';

/** What the basket and the checkout know of an option: always read from here, never from the browser. */
export interface PurchasableOption {
  id: number;
  productId: number;
  productSlug: string;
  productTitle: string;
  name: string;
  code: string;
  kind: OptionKind;
  /** Ex VAT, integer pence. */
  price: number;
  /** Grams. */
  weight: number;
  /** Stock; null = unlimited. */
  qty: number | null;
  fileId: number | null;
  /** Learners per unit bought: what a licence of an online_access line counts (issue 26); null for other kinds. */
  seats: number | null;
  /** An active option of a published product. */
  forSale: boolean;
}

/**
 * The catalogue's stock, as other modules use it (basket, orders): reading options for sale, taking stock for
 * an order and giving it back, keyed by the order's id (ADR 0016). Callers run `take` inside their own
 * transaction (`Transactions.run`), so the order and its stock commit or roll back together.
 */
@Injectable()
export class StockService {
  constructor(@Inject(STOCK_STORE) private readonly store: StockStore) {}

  /** The options with these ids, by id; unknown ids are absent. One query whatever the number of ids. */
  async describe(optionIds: readonly number[]): Promise<Map<number, PurchasableOption>> {
    const unique = [...new Set(optionIds)].filter(isId);
    const rows = await this.store.describe(unique);
    return new Map(rows.map((row) => [row.id, toPurchasable(row)]));
  }

  /**
   * Takes every line's quantity for the order, or throws (409) naming the first line that cannot be supplied;
   * the caller's transaction then rolls back what earlier lines took. Lines are taken in option-id order, so two
   * orders sharing options lock them in the same order and cannot deadlock.
   */
  async take(orderId: number, lines: readonly StockLine[]): Promise<void> {
    const merged = new Map<number, number>();
    for (const line of lines) merged.set(line.optionId, (merged.get(line.optionId) ?? 0) + line.qty);
    const ordered = [...merged].sort(([a], [b]) => a - b);
    for (const [optionId, qty] of ordered) {
      if (!Number.isSafeInteger(qty) || qty < 1) throw new RangeError(`Cannot take ${qty} of option ${optionId}.`);
      if (await this.store.take(orderId, { optionId, qty })) continue;
      const option = (await this.store.describe([optionId]))[0];
      if (!option || !option.for_sale) throw new OptionNotForSaleError(optionId, option ? label(option) : null);
      throw new OutOfStockError(optionId, label(option), option.qty ?? 0);
    }
  }

  /** The dashboard's low-stock options: active, limited stock at or below `threshold`; the count and the `limit` lowest. */
  /** Options for sale of one kind (the training module's demo sessions for every `course` option), by id. */
  async forSaleOfKind(kind: OptionKind, limit = 500): Promise<PurchasableOption[]> {
    const described = await this.describe(await this.store.idsOfKind(kind, limit));
    return [...described.values()].filter((option) => option.forSale);
  }

  lowStock(threshold: number, limit: number): Promise<{ count: number; rows: LowStockRow[] }> {
    return this.store.lowStock(threshold, limit);
  }

  /** Gives back what the order took (cancelled, timed out, refunded before dispatch); a second call gives back nothing. */
  giveBack(orderId: number): Promise<StockLine[]> {
    return this.store.giveBack(orderId);
  }

  /**
   * A refund of some lines (issue 28 item 7): the order no longer holds their stock, so a later whole-order give-back
   * returns only the rest; the option gets the units back only when staff restock the returned goods.
   */
  async settle(orderId: number, lines: readonly StockLine[], restock: boolean): Promise<void> {
    const merged = new Map<number, number>();
    for (const line of lines) merged.set(line.optionId, (merged.get(line.optionId) ?? 0) + line.qty);
    for (const [optionId, qty] of [...merged].sort(([a], [b]) => a - b)) await this.store.settle(orderId, { optionId, qty }, restock);
  }
}

function label(row: PurchasableOptionRow): string {
  return `${row.product_title} — ${row.name}`;
}

function toPurchasable(row: PurchasableOptionRow): PurchasableOption {
  return {
    id: row.id,
    productId: row.product_id,
    productSlug: row.product_slug,
    productTitle: row.product_title,
    name: row.name,
    code: row.code,
    kind: row.kind,
    price: Number(row.price),
    weight: Number(row.weight),
    qty: row.qty === null ? null : Number(row.qty),
    fileId: row.file_id === null ? null : Number(row.file_id),
    seats: row.seats === null || row.seats === undefined ? null : Number(row.seats),
    forSale: Boolean(row.for_sale),
  };
}
