import { toDecimalString, vatOn } from '../../../shared/money.js';
import type { PurchasableOption } from '../../catalogue/index.js';
import { purchasableQty } from '../domain/basket-rules.js';
import type { BookingChoice } from './basket-bookings.js';
import type { StoredBasketItem } from './ports/basket-store.port.js';

/** One line as `GET /api/basket` shows it (Buying API contract): money in pence ex VAT, weight in grams. */
export interface BasketItemView {
  id: number;
  option_id: number;
  product_id: number;
  product_slug: string;
  title: string;
  option_name: string;
  kind: PurchasableOption['kind'];
  /** Unit price, pence ex VAT, from the catalogue now. */
  price: number;
  /** Unit weight, grams. */
  weight: number;
  /** The quantity that can be bought now: the customer's choice, at most the stock. */
  qty: number;
  /** Available stock; null = unlimited. */
  stock: number | null;
  /** False when the option is no longer for sale or out of stock: the line is kept but not counted or ordered. */
  available: boolean;
  /**
   * What the line books (a course line: its session), or null: `{ref, label, places_left}`, ref opaque (the session
   * id); `places_left` how many can still be booked on it (null: no limit), which the line's quantity may not pass.
   */
  booking: { ref: string; label: string | null; places_left: number | null } | null;
}

/** Seed §3: money formatted to two decimals; items = total quantity; weight in grams. */
export interface BasketTotalsView {
  total: string;
  vat: string;
  grand_total: string;
  items: number;
  weight: number;
}

export interface BasketView {
  items: BasketItemView[];
  totals: BasketTotalsView;
  /** What changed that the customer should know: a capped quantity, a line no longer for sale, a new price. */
  messages: string[];
}

/** What checkout orders: every line, at the quantity shown (the chosen one where nothing can be supplied). */
export interface BasketLine {
  optionId: number;
  qty: number;
  bookingRef: string | null;
  bookingLabel: string | null;
}

export const EMPTY_BASKET: BasketView = Object.freeze({
  items: [],
  totals: { total: '0.00', vat: '0.00', grand_total: '0.00', items: 0, weight: 0 },
  messages: [],
}) as BasketView;

/** Builds the view from stored quantities and the catalogue's options now; never from anything the browser sent. */
export function basketView(
  stored: readonly StoredBasketItem[],
  options: ReadonlyMap<number, PurchasableOption>,
  notices: readonly string[] = [],
  bookingOf: (kind: string, ref: string) => BookingChoice | null = () => null,
): { view: BasketView; lines: BasketLine[] } {
  const items: BasketItemView[] = [];
  const lines: BasketLine[] = [];
  const messages = [...notices];
  let total = 0;
  let count = 0;
  let weight = 0;
  let vanished = 0;
  for (const item of stored) {
    const option = options.get(item.optionId);
    if (!option) {
      vanished += 1; // the option was deleted from the catalogue: nothing left to show
      continue;
    }
    const label = labelOf(option);
    const qty = option.forSale ? purchasableQty(item.qty, option.qty) : 0;
    const available = option.forSale && qty > 0;
    if (!option.forSale) messages.push(`"${label}" is no longer for sale and will not be ordered; please remove it.`);
    else if (qty === 0) messages.push(`"${label}" is out of stock and will not be ordered.`);
    else if (qty < item.qty) messages.push(`Only ${qty} of "${label}" ${qty === 1 ? 'is' : 'are'} left, so your quantity is now ${qty}.`);
    if (available && option.price !== item.priceSeen) {
      messages.push(`The price of "${label}" has changed from ${pounds(item.priceSeen)} to ${pounds(option.price)} (ex VAT) since you added it.`);
    }
    items.push({
      id: item.id, option_id: option.id, product_id: option.productId, product_slug: option.productSlug, title: option.productTitle,
      option_name: option.name, kind: option.kind, price: option.price, weight: option.weight, qty: available ? qty : item.qty,
      stock: option.qty, available, booking: item.bookingRef === null ? null : bookingView(item.bookingRef, bookingOf(option.kind, item.bookingRef)),
    });
    // Checkout orders every line: one that cannot be supplied any more makes it answer 409 naming that line,
    // rather than the line silently vanishing from the order.
    lines.push({
      optionId: option.id, qty: available ? qty : item.qty, bookingRef: item.bookingRef,
      bookingLabel: item.bookingRef === null ? null : (bookingOf(option.kind, item.bookingRef)?.label ?? null),
    });
    if (!available) continue;
    total += option.price * qty;
    count += qty;
    weight += option.weight * qty;
  }
  if (vanished > 0) messages.push(`${vanished === 1 ? 'An item' : `${vanished} items`} in your basket ${vanished === 1 ? 'is' : 'are'} no longer sold and ${vanished === 1 ? 'was' : 'were'} taken out.`);
  const vat = vatOn(total);
  return {
    view: { items, totals: { total: toDecimalString(total), vat: toDecimalString(vat), grand_total: toDecimalString(total + vat), items: count, weight }, messages },
    lines,
  };
}

function bookingView(ref: string, choice: BookingChoice | null): NonNullable<BasketItemView['booking']> {
  return { ref, label: choice?.label ?? null, places_left: choice?.left ?? null };
}

export function labelOf(option: PurchasableOption): string {
  return `${option.productTitle} — ${option.name}`;
}

function pounds(pence: number): string {
  return `£${toDecimalString(pence)}`;
}
