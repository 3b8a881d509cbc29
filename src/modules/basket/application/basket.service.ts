import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { InvalidInputError } from '../../../shared/domain-error.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { JobHandlerRegistry } from '../../../platform/queue/index.js';
import { StockService, type PurchasableOption } from '../../catalogue/index.js';
import { decrease, increase, MAX_LINE_QUANTITY, overLineCeiling, typedQuantity } from '../domain/basket-rules.js';
import {
  BasketItemNotFoundError, LineQuantityTooLargeError, NothingInStockError, OptionNotFoundError, QuantityOverStockError, TypedQuantityTooLargeError,
} from '../domain/basket-errors.js';
import { BasketBookings, type BookingChoice } from './basket-bookings.js';
import { basketView, EMPTY_BASKET, labelOf, type BasketLine, type BasketView } from './basket-view.js';
import { BASKET_STORE, type BasketOwner, type BasketStore, type StoredBasket } from './ports/basket-store.port.js';
import { isId } from '../../../shared/contracts/ids.js';

/** Who is asking: a signed-in customer (userId), a guest (the token of their basket cookie), or both right after sign-in. */
export interface BasketVisitor {
  userId: number | null;
  guestToken: string | null;
}

export interface BasketContents {
  view: BasketView;
  /** The lines checkout orders (see BasketLine). */
  lines: BasketLine[];
}

/** Seed: the basket cookie lives 3 days, renewed on use; a guest basket unused for longer is swept. */
export const BASKET_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;
/** Sweeps guest baskets past their cookie's lifetime (nobody can reach them any more) four times a day. */
export const SWEEP_GUEST_BASKETS_JOB = 'basket.sweep-guests';
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * The basket (seed §4, product.md "Basket module"). Every operation answers the whole basket, rebuilt from the
 * stored quantities and the catalogue's options now (StockService.describe: one query), so prices, weights and
 * stock never come from the browser. Changes lock the basket row for their transaction. A customer's first read
 * after signing in moves the guest basket of the same browser into theirs.
 */
@Injectable()
export class BasketService implements OnModuleInit {
  constructor(
    @Inject(BASKET_STORE) private readonly store: BasketStore,
    private readonly stock: StockService,
    private readonly transactions: Transactions,
    private readonly jobs: JobHandlerRegistry,
    private readonly bookings: BasketBookings,
  ) {}

  onModuleInit(): void {
    this.jobs.registerRecurring(SWEEP_GUEST_BASKETS_JOB, SWEEP_EVERY_MS, async () => {
      await this.sweepAbandonedGuestBaskets();
    });
  }

  /** get: the visitor's basket, or an empty one. */
  async get(visitor: BasketVisitor): Promise<BasketView> {
    return (await this.contents(visitor)).view;
  }

  /** The basket with the lines checkout orders (the checkout's port reads this). */
  async contents(visitor: BasketVisitor): Promise<BasketContents> {
    const owner = ownerOf(visitor);
    if (!owner) return { view: EMPTY_BASKET, lines: [] };
    if (visitor.userId !== null && visitor.guestToken !== null) await this.mergeGuestBasket(visitor.userId, visitor.guestToken);
    const basket = await this.store.find(owner);
    return this.describe(basket);
  }

  /**
   * add: a new option goes first with qty 1; one already in the basket gets one more, never beyond its stock. With a
   * typed `qty` (the product page's quantity field) exactly that many are added, or 422 says why not. An option whose
   * kind needs a booking (a course: its session, ADR 0046) is one line per booking, and the booking's provider checks
   * `bookingId` (422 without one, or for one that cannot be booked).
   */
  add(visitor: BasketVisitor, optionId: number, typed?: number, bookingId?: number): Promise<BasketView> {
    return this.change(visitor, true, async (basket) => {
      const option = await this.optionForSale(optionId);
      const booking = await this.bookingFor(option, bookingId);
      const existing = basket.items.find((item) => item.optionId === option.id && item.bookingRef === (booking?.ref ?? null));
      if (typed !== undefined) {
        const qty = this.checkTyped(option, typed, existing?.qty ?? 0);
        await this.bookings.checkQuantity(option.kind, booking?.ref ?? null, qty, labelOf(option));
        if (existing) await this.store.setQty(existing.id, qty, option.price);
        else await this.store.addItem(basket.id, option.id, option.price, qty, booking?.ref ?? null);
        return [];
      }
      if (!existing) {
        if (option.qty !== null && option.qty < 1) throw new NothingInStockError(labelOf(option));
        await this.store.addItem(basket.id, option.id, option.price, 1, booking?.ref ?? null);
        return [];
      }
      await this.bookings.checkQuantity(option.kind, existing.bookingRef, existing.qty + 1, labelOf(option));
      return this.increaseItem(existing.id, existing.qty, option);
    });
  }

  /**
   * Buy again: each option back in the basket in the quantity asked for (added to any already there), capped at
   * its stock, in one transaction and one catalogue read. Options no longer sold or out of stock are left out and
   * named in the basket's messages, so the customer sees what did not come back. A line that would pass
   * MAX_LINE_QUANTITY refuses the whole buy-again (422 naming it) rather than quietly adding less: the customer
   * learns why, and nothing half-done is left in the basket (the transaction rolls back).
   */
  addLines(visitor: BasketVisitor, lines: ReadonlyArray<{ optionId: number; qty: number; label: string }>): Promise<BasketView> {
    return this.change(visitor, true, async (basket) => {
      // One entry per option (an order may hold an option on two lines), in the order's order.
      const wanted = new Map<number, { qty: number; label: string }>();
      for (const line of lines) {
        if (!validId(line.optionId) || !Number.isSafeInteger(line.qty) || line.qty < 1) continue;
        const seen = wanted.get(line.optionId);
        wanted.set(line.optionId, { qty: (seen?.qty ?? 0) + line.qty, label: seen?.label ?? line.label });
      }
      const options = await this.stock.describe([...wanted.keys()]);
      const notices: string[] = [];
      const tooMany: string[] = [];
      for (const [optionId, line] of wanted) {
        const option = options.get(optionId);
        if (!option?.forSale) {
          notices.push(`"${line.label}" is no longer for sale, so it was not added.`);
          continue;
        }
        if (this.bookings.providerFor(option.kind)) {
          // A booked line (a course's date) cannot be bought again as it was: the buyer picks a new date.
          notices.push(`"${labelOf(option)}" needs a date: choose one on its page to add it.`);
          continue;
        }
        const existing = basket.items.find((item) => item.optionId === option.id && item.bookingRef === null);
        const current = existing?.qty ?? 0;
        const qty = option.qty === null ? current + line.qty : Math.min(current + line.qty, Math.max(option.qty, 0));
        if (overLineCeiling(qty)) {
          tooMany.push(labelOf(option));
          continue;
        }
        if (qty <= current) {
          notices.push(current > 0 ? `You already have all the "${labelOf(option)}" we can supply.` : `"${labelOf(option)}" is out of stock, so it was not added.`);
          continue;
        }
        if (qty < current + line.qty) notices.push(`Only ${qty} of "${labelOf(option)}" ${qty === 1 ? 'is' : 'are'} in stock, so you have the most we can supply.`);
        if (existing) await this.store.setQty(existing.id, qty, option.price);
        else await this.store.addItem(basket.id, option.id, option.price, qty);
      }
      if (tooMany.length > 0) throw new LineQuantityTooLargeError(tooMany);
      return notices;
    });
  }

  /** plus: add for an item already in the basket, with the same cap. */
  plus(visitor: BasketVisitor, itemId: number): Promise<BasketView> {
    return this.change(visitor, false, async (basket) => {
      const item = itemOf(basket, itemId);
      const option = await this.optionForSale(item.optionId);
      await this.bookings.checkQuantity(option.kind, item.bookingRef, item.qty + 1, labelOf(option));
      return this.increaseItem(item.id, item.qty, option);
    });
  }

  /** minus: one fewer; the item goes below 1. */
  minus(visitor: BasketVisitor, itemId: number): Promise<BasketView> {
    return this.change(visitor, false, async (basket) => {
      const item = itemOf(basket, itemId);
      const { qty } = decrease(item.qty);
      if (qty === 0) await this.store.removeItem(item.id);
      else await this.store.setQty(item.id, qty, item.priceSeen);
      return [];
    });
  }

  /** The basket's typed quantity ("Update"): the line holds exactly `qty` (0 removes it), or 422 says why not. */
  setQuantity(visitor: BasketVisitor, itemId: number, qty: number): Promise<BasketView> {
    return this.change(visitor, false, async (basket) => {
      const item = itemOf(basket, itemId);
      if (qty === 0) {
        await this.store.removeItem(item.id);
        return [];
      }
      const option = await this.optionForSale(item.optionId);
      const checked = this.checkTyped(option, qty, 0);
      await this.bookings.checkQuantity(option.kind, item.bookingRef, checked, labelOf(option));
      await this.store.setQty(item.id, checked, option.price);
      return [];
    });
  }

  /** delete: the item goes. */
  remove(visitor: BasketVisitor, itemId: number): Promise<BasketView> {
    return this.change(visitor, false, async (basket) => {
      await this.store.removeItem(itemOf(basket, itemId).id);
      return [];
    });
  }

  /** clear: no items, zero totals (a visitor without a basket gets the empty one too). */
  async clear(visitor: BasketVisitor): Promise<BasketView> {
    const owner = ownerOf(visitor);
    if (!owner) return EMPTY_BASKET;
    await this.transactions.run(async () => {
      const basket = await this.store.find(owner, true);
      if (basket) await this.store.clear(basket.id);
      if (visitor.userId !== null && visitor.guestToken !== null) await this.dropGuestBasket(visitor.guestToken);
    });
    return EMPTY_BASKET;
  }

  /** Empties a customer's basket: checkout calls this inside the transaction that places the order. */
  async emptyForCustomer(userId: number): Promise<void> {
    const basket = await this.store.find({ userId }, true);
    if (basket) await this.store.clear(basket.id);
  }

  /** Deletes guest baskets nobody has used for the cookie's lifetime; returns how many. */
  sweepAbandonedGuestBaskets(now: Date = new Date()): Promise<number> {
    return this.store.sweepGuests(new Date(now.getTime() - BASKET_LIFETIME_MS));
  }

  /** Runs one change in a transaction with the basket locked, then answers the basket with the change's notices. */
  private async change(
    visitor: BasketVisitor,
    create: boolean,
    work: (basket: StoredBasket) => Promise<string[]>,
  ): Promise<BasketView> {
    const owner = ownerOf(visitor);
    if (!owner) {
      if (create) throw new Error('A basket change needs a customer or a guest token.');
      throw new BasketItemNotFoundError();
    }
    if (visitor.userId !== null && visitor.guestToken !== null) await this.mergeGuestBasket(visitor.userId, visitor.guestToken);
    const notices = await this.transactions.run(async () => {
      const basket = create ? await this.store.findOrCreate(owner) : await this.store.find(owner, true);
      if (!basket) throw new BasketItemNotFoundError();
      return work(basket);
    });
    const basket = await this.store.find(owner);
    return (await this.describe(basket, notices)).view;
  }

  private async increaseItem(itemId: number, current: number, option: PurchasableOption): Promise<string[]> {
    if (option.qty !== null && option.qty < 1) throw new NothingInStockError(labelOf(option));
    const { qty, capped } = increase(current, option.qty);
    if (overLineCeiling(qty)) throw new LineQuantityTooLargeError([labelOf(option)]);
    await this.store.setQty(itemId, qty, option.price);
    return capped ? [`Only ${qty} of "${labelOf(option)}" ${qty === 1 ? 'is' : 'are'} in stock, so you have the most we can supply.`] : [];
  }

  private checkTyped(option: PurchasableOption, wanted: number, inBasket: number): number {
    const answer = typedQuantity(wanted, inBasket, option.qty);
    if ('qty' in answer) return answer.qty;
    if (answer.refused === 'ceiling') throw new TypedQuantityTooLargeError(labelOf(option), inBasket);
    throw new QuantityOverStockError(labelOf(option), answer.stock, inBasket);
  }

  private async optionForSale(optionId: number): Promise<PurchasableOption> {
    const option = validId(optionId) ? (await this.stock.describe([optionId])).get(optionId) : undefined;
    if (!option?.forSale) throw new OptionNotFoundError();
    return option;
  }

  private async bookingFor(option: PurchasableOption, bookingId: number | undefined): Promise<BookingChoice | null> {
    const provider = this.bookings.providerFor(option.kind);
    if (!provider) {
      if (bookingId !== undefined) throw new InvalidInputError('session_id', `"${labelOf(option)}" has no dates to choose from.`);
      return null;
    }
    return provider.choose(option, bookingId);
  }

  private async describe(basket: StoredBasket | null, notices: readonly string[] = []): Promise<BasketContents> {
    if (!basket || basket.items.length === 0) return { view: { ...EMPTY_BASKET, messages: [...notices] }, lines: [] };
    const options = await this.stock.describe(basket.items.map((item) => item.optionId));
    const refsByKind = new Map<string, string[]>();
    for (const item of basket.items) {
      const kind = options.get(item.optionId)?.kind;
      if (item.bookingRef === null || !kind) continue;
      refsByKind.set(kind, [...(refsByKind.get(kind) ?? []), item.bookingRef]);
    }
    const labels = refsByKind.size > 0 ? await this.bookings.describe(refsByKind) : new Map<string, BookingChoice>();
    return basketView(basket.items, options, notices, (kind, ref) => labels.get(`${kind}:${ref}`) ?? null);
  }

  private async dropGuestBasket(guestToken: string): Promise<void> {
    const guest = await this.store.find({ tokenHash: hashToken(guestToken) }, true);
    if (guest) await this.store.remove(guest.id);
  }

  /** Moves the guest basket of this browser into the customer's (quantities of one option added up), once. */
  private async mergeGuestBasket(userId: number, guestToken: string): Promise<void> {
    await this.transactions.run(async () => {
      const guest = await this.store.find({ tokenHash: hashToken(guestToken) }, true);
      if (!guest) return;
      const customer = await this.store.findOrCreate({ userId });
      // Merging happens on a read, which has nobody to answer a 422 to: the sum stops at the line ceiling.
      await this.store.mergeInto(guest.id, customer.id, MAX_LINE_QUANTITY);
    });
  }
}

function ownerOf(visitor: BasketVisitor): BasketOwner | null {
  if (visitor.userId !== null) return { userId: visitor.userId };
  if (visitor.guestToken) return { tokenHash: hashToken(visitor.guestToken) };
  return null;
}

function itemOf(basket: StoredBasket, itemId: number) {
  const item = validId(itemId) ? basket.items.find((candidate) => candidate.id === itemId) : undefined;
  if (!item) throw new BasketItemNotFoundError();
  return item;
}

function validId(id: number): boolean {
  return isId(id);
}

/** Only the hash is stored: a leaked database does not hand out anybody's basket cookie. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
