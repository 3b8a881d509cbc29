import { Inject, Injectable } from '@nestjs/common';
import { DomainError, InvalidInputError } from '../../../shared/domain-error.js';
import { VAT_RATE_PERCENT } from '../../../shared/money.js';
import { SYNTHETIC_ORDER_STORE, type SyntheticOrderStore } from './ports/synthetic-order-store.port.js';

export const SYNTHETIC_ORDER_LIMITS = { orders: { min: 1, max: 1_000_000 }, years: { min: 1, max: 10 } } as const;

/** Orders per transaction: set-based, and a progress report every second or so. */
const CHUNK = 5000;

const YEAR_MS = 365 * 86_400_000;

export interface SyntheticOrdersResult {
  orders: number;
  lines: number;
  invoices: number;
  creditNotes: number;
  customers: number;
  customersAdded: number;
  milliseconds: number;
}

/**
 * How many customer accounts N orders are spread over: about 20 orders each, between 10 and 50,000 (a shop with
 * history, issue 30: 1M orders over 50k customers). The store gives a tenth of the orders to a few heavy buyers
 * (one customer in 250, ~500 orders each at 1M) so a customer's own order list has a long tail to page through.
 */
export function customersFor(orders: number): number {
  return Math.min(50_000, Math.max(10, Math.ceil(orders / 20)));
}

/**
 * Synthetic orders for benchmarks (`shop orders:generate`, issue 15), next to the synthetic catalogue: orders of
 * existing (or generated) customers for 1–5 of the catalogue's options, mostly paid or completed, placed over the
 * last `years` years (1 by default; the bench's shop with history asks for 5, ADR 0054), with gap-free invoice
 * numbers, PO numbers on some and partial refunds on some. Needed to measure `orders:export` at 100,000 orders and
 * the admin's and customers' reads at 1,000,000.
 */
@Injectable()
export class SyntheticOrderGenerator {
  constructor(@Inject(SYNTHETIC_ORDER_STORE) private readonly store: SyntheticOrderStore) {}

  async generate(request: { orders: number; years?: number }, onProgress: (done: number, total: number) => void = () => {}): Promise<SyntheticOrdersResult> {
    const { min, max } = SYNTHETIC_ORDER_LIMITS.orders;
    if (!Number.isSafeInteger(request.orders) || request.orders < min || request.orders > max) {
      throw new InvalidInputError('orders', `must be a whole number from ${min.toLocaleString('en-GB')} to ${max.toLocaleString('en-GB')}.`);
    }
    const years = request.years ?? 1;
    if (!Number.isSafeInteger(years) || years < SYNTHETIC_ORDER_LIMITS.years.min || years > SYNTHETIC_ORDER_LIMITS.years.max) {
      throw new InvalidInputError('years', `must be a whole number from ${SYNTHETIC_ORDER_LIMITS.years.min} to ${SYNTHETIC_ORDER_LIMITS.years.max}.`);
    }
    if ((await this.store.countOrderableOptions()) === 0) {
      throw new DomainError('conflict', 'There is nothing to order: the catalogue has no active options of published products. Run `shop catalogue:generate` (or `shop db:seed --demo`) first.');
    }
    const started = performance.now();
    const customers = await this.store.ensureCustomers(customersFor(request.orders));
    const totals = { orders: 0, lines: 0, invoices: 0, creditNotes: 0 };
    // The chunks walk through the period in order, so invoice numbers (given in date order per chunk) rise with the dates.
    const span = YEAR_MS * years;
    const end = Date.now();
    const start = end - span;
    const at = (done: number) => new Date(start + Math.round((span * done) / request.orders));
    onProgress(0, request.orders);
    while (totals.orders < request.orders) {
      const count = Math.min(CHUNK, request.orders - totals.orders);
      const chunk = await this.store.insertChunk(count, { from: at(totals.orders), to: at(totals.orders + count) }, VAT_RATE_PERCENT);
      totals.orders += chunk.orders;
      totals.lines += chunk.lines;
      totals.invoices += chunk.invoices;
      totals.creditNotes += chunk.creditNotes;
      onProgress(totals.orders, request.orders);
    }
    await this.store.analyse();
    return { ...totals, customers: customers.customers, customersAdded: customers.added, milliseconds: Math.round(performance.now() - started) };
  }
}
