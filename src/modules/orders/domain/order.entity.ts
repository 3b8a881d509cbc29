import { defineEntity, p } from '@mikro-orm/core';
import { vatOn } from '../../../shared/money.js';
import { checkTransition, movesStatus, ORDER_STATUSES, STATUS_KEEPING_CHANGES, type DocumentSeries, type StatusKeepingChange, type OrderStatus, type TransitionActor, type TransitionRule } from './order-process.js';

export type { DocumentSeries } from './order-process.js';

/** An address as the order keeps it: a copy, so editing the profile later never changes a placed order. */
export interface OrderAddress {
  name: string | null;
  company: string | null;
  line1: string;
  line2: string | null;
  town: string;
  county: string | null;
  postcode: string;
  country: string;
}

/** The delivery as chosen at checkout (a copy of the type's name and price ex VAT). */
export interface OrderDelivery {
  name: string;
  price: number;
}

export interface OrderTotals {
  /** Goods, ex VAT. */
  subtotal: number;
  /** Delivery, ex VAT. */
  delivery: number;
  /** 20% of goods + delivery, rounded half-up once. */
  vat: number;
  grandTotal: number;
}

/** product.md: delivery is VAT-able like goods, so VAT is taken once on their sum. */
export function orderTotals(lineTotals: readonly number[], delivery: number): OrderTotals {
  const subtotal = lineTotals.reduce((sum, total) => sum + total, 0);
  const vat = vatOn(subtotal + delivery);
  return { subtotal, delivery, vat, grandTotal: subtotal + delivery + vat };
}

/**
 * The most one order may come to, VAT included (issue 25): £999,999.99, which is also the largest amount Stripe
 * takes in one GBP payment (eight digits of pence). Every money column of an order is at most its grand total
 * (goods, delivery, VAT, each line; a BACS payment is capped at £1,000,000 by its request), so with this ceiling
 * none of them can pass PostgreSQL's `integer` (£21,474,836.47): the columns stay `integer` and the check is here.
 */
export const MAX_ORDER_TOTAL = 99_999_999;

/**
 * Whether an order of these line totals and delivery stays within MAX_ORDER_TOTAL. The subtotal is checked first,
 * so an absurd one never reaches the VAT arithmetic (which wants safe integers).
 */
export function withinOrderCeiling(lineTotals: readonly number[], delivery: number): boolean {
  const subtotal = lineTotals.reduce((sum, total) => sum + total, 0);
  if (!Number.isSafeInteger(subtotal) || subtotal + delivery > MAX_ORDER_TOTAL) return false;
  return orderTotals(lineTotals, delivery).grandTotal <= MAX_ORDER_TOTAL;
}

/** `INV-000042` / `CN-000007`: the counter's value, padded so the numbers sort as text too. */
export function documentNumber(series: DocumentSeries, value: number): string {
  return `${series === 'invoice' ? 'INV' : 'CN'}-${String(value).padStart(6, '0')}`;
}

/** `card`: the payment provider's hosted page. `invoice`: pay on account, by BACS within the payment terms. */
export const PAYMENT_METHODS = ['card', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A placed order (product.md "Order"). Lines and history live in their own tables, keyed by the order's id. */
export class Order {
  id!: number;
  /** `HS-100001`: from a sequence, unique and increasing, gaps allowed (a rolled-back checkout uses a number). */
  number!: string;
  customerId!: number;
  /** Set by the placing transition (OrderProcess), never by the constructor. */
  status!: OrderStatus;
  billingAddress!: OrderAddress;
  deliveryAddress: OrderAddress | null = null;
  /**
   * Set exactly when the order has a physical line (checkout chooses a delivery for those alone): "to dispatch"
   * relies on it, reading `delivery is not null` from its partial index rather than each order's lines (ADR 0066).
   */
  delivery: OrderDelivery | null = null;
  subtotal!: number;
  deliveryTotal!: number;
  vat!: number;
  grandTotal!: number;
  poNumber: string | null = null;
  notes: string | null = null;
  paymentMethod: PaymentMethod = 'card';
  /** The payment provider's name (`test`, `stripe`) and its session reference, by which the webhook finds the order. */
  paymentProvider: string | null = null;
  paymentReference: string | null = null;
  paidAt: Date | null = null;
  trackingNumber: string | null = null;
  /** The VAT invoice: numbered when the order is paid (its date is the tax point), never renumbered. */
  invoiceNumber: string | null = null;
  invoiceDate: Date | null = null;
  /** The credit note that cancels the invoice when the order is refunded, from its own series. */
  creditNoteNumber: string | null = null;
  creditNoteDate: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  constructor(fields: {
    number: string;
    customerId: number;
    billingAddress: OrderAddress;
    deliveryAddress: OrderAddress | null;
    delivery: OrderDelivery | null;
    totals: OrderTotals;
    poNumber: string | null;
    notes: string | null;
    paymentMethod: PaymentMethod;
  }) {
    this.number = fields.number;
    this.customerId = fields.customerId;
    this.billingAddress = fields.billingAddress;
    this.deliveryAddress = fields.deliveryAddress;
    this.delivery = fields.delivery;
    this.subtotal = fields.totals.subtotal;
    this.deliveryTotal = fields.totals.delivery;
    this.vat = fields.totals.vat;
    this.grandTotal = fields.totals.grandTotal;
    this.poNumber = fields.poNumber;
    this.notes = fields.notes;
    this.paymentMethod = fields.paymentMethod;
  }

  /** Whether the order exists yet: before its placing transition it has no id and no status. */
  get placed(): boolean {
    return this.id !== undefined;
  }

  /**
   * Moves the order along the process (placing it when it has no status yet), or throws TransitionRefusedError
   * (409). Returns the history entry to store and the rule applied, whose effects OrderProcess runs.
   */
  transition(
    to: string,
    actor: TransitionActor,
    context: {
      hasPhysicalLines: boolean; note?: string | null; noteVisible?: boolean; actorUserId?: number | null; trackingNumber?: string | null; at?: Date;
    },
  ): { entry: OrderHistoryEntry; rule: TransitionRule } {
    const from = this.placed ? this.status : null;
    const trackingNumber = context.trackingNumber ?? this.trackingNumber;
    const rule = checkTransition(from, to, actor, { hasPhysicalLines: context.hasPhysicalLines, trackingNumber, paymentMethod: this.paymentMethod, paid: this.isPaid });
    const at = context.at ?? (from === null ? this.createdAt : new Date());
    if (movesStatus(rule.to)) this.status = rule.to;
    const note = context.note ?? null;
    const change = movesStatus(rule.to) ? null : rule.to;
    const entry = new OrderHistoryEntry(this.id ?? 0, from, this.status, at, note, context.actorUserId ?? null, note !== null && context.noteVisible === true, change);
    if (rule.to === 'dispatched') this.trackingNumber = trackingNumber;
    if (rule.effects.marksPaid && this.paidAt === null) this.paidAt = at;
    this.updatedAt = at;
    return { entry, rule };
  }

  /** Whether the order is paid for in full (card, or BACS payments covering it). */
  get isPaid(): boolean {
    return this.paidAt !== null;
  }

  /** Records the VAT document's number (OrderProcess numbers it from the series' counter). */
  issueDocument(series: DocumentSeries, number: string, at: Date): void {
    if (series === 'invoice') {
      this.invoiceNumber = number;
      this.invoiceDate = at;
    } else {
      this.creditNoteNumber = number;
      this.creditNoteDate = at;
    }
  }
}

/** One snapshotted line: what was bought, at what price ex VAT, whatever the catalogue says later. */
export class OrderLine {
  id!: number;
  orderId!: number;
  position!: number;
  productId!: number;
  optionId!: number;
  title!: string;
  optionName!: string;
  code!: string;
  kind!: string;
  unitPrice!: number;
  qty!: number;
  lineTotal!: number;
  /**
   * What the line books, opaque to orders (ADR 0046): a course line's session id, given by the module that owns
   * bookings through the basket; null for everything else.
   */
  bookingRef!: string | null;
  /** The booking's words when ordered ("Tue 12 Jan 2027, 09:30–16:30, Leeds"): shown on the order, invoice, e-mails. */
  bookingLabel!: string | null;

  constructor(fields: Omit<OrderLine, 'id' | 'lineTotal' | 'bookingRef' | 'bookingLabel'> & { bookingRef?: string | null; bookingLabel?: string | null }) {
    Object.assign(this, fields);
    this.bookingRef = fields.bookingRef ?? null;
    this.bookingLabel = fields.bookingLabel ?? null;
    this.lineTotal = fields.unitPrice * fields.qty;
  }
}

/**
 * One change of an order's status: from (null when placed), to, when, why, and who (null = the shop itself). The
 * note is internal (payment references, staff's remarks) unless staff chose to show it to the customer (issue 28).
 */
export class OrderHistoryEntry {
  id!: number;

  constructor(
    public orderId: number,
    public fromStatus: OrderStatus | null,
    public toStatus: OrderStatus,
    public at: Date,
    public note: string | null,
    public actorId: number | null,
    public visibleToCustomer = false,
    /** What was recorded when the status stayed (a note, BACS paid in full, a partial refund); null for a move. */
    public change: StatusKeepingChange | null = null,
  ) {}
}

export const OrderSchema = defineEntity({
  class: Order,
  tableName: 'orders',
  properties: {
    id: p.integer().primary().autoincrement(),
    number: p.string().length(20).unique(),
    customerId: p.integer(),
    status: p.enum(ORDER_STATUSES),
    billingAddress: p.json<OrderAddress>(),
    deliveryAddress: p.json<OrderAddress>().nullable(),
    delivery: p.json<OrderDelivery>().nullable(),
    subtotal: p.integer(),
    deliveryTotal: p.integer(),
    vat: p.integer(),
    grandTotal: p.integer(),
    poNumber: p.string().length(60).nullable(),
    notes: p.text().nullable(),
    paymentMethod: p.string().length(20),
    paymentProvider: p.string().length(20).nullable(),
    paymentReference: p.string().length(200).nullable(),
    paidAt: p.datetime().nullable(),
    trackingNumber: p.string().length(60).nullable(),
    invoiceNumber: p.string().length(20).nullable(),
    invoiceDate: p.datetime().nullable(),
    creditNoteNumber: p.string().length(20).nullable(),
    creditNoteDate: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime().onUpdate(() => new Date()),
  },
});

export const OrderLineSchema = defineEntity({
  class: OrderLine,
  tableName: 'order_lines',
  properties: {
    id: p.integer().primary().autoincrement(),
    orderId: p.integer(),
    position: p.integer(),
    productId: p.integer(),
    optionId: p.integer(),
    title: p.string().length(200),
    optionName: p.string().length(120),
    code: p.string().length(64),
    kind: p.string().length(16),
    unitPrice: p.integer(),
    qty: p.integer(),
    lineTotal: p.integer(),
    bookingRef: p.string().length(64).nullable(),
    bookingLabel: p.string().length(300).nullable(),
  },
});

export const OrderHistoryEntrySchema = defineEntity({
  class: OrderHistoryEntry,
  tableName: 'order_history',
  properties: {
    id: p.integer().primary().autoincrement(),
    orderId: p.integer(),
    fromStatus: p.enum(ORDER_STATUSES).nullable(),
    toStatus: p.enum(ORDER_STATUSES),
    at: p.datetime(),
    note: p.text().nullable(),
    actorId: p.integer().nullable(),
    visibleToCustomer: p.boolean().default(false),
    change: p.enum(STATUS_KEEPING_CHANGES).nullable(),
  },
});
