import { DomainError } from '../../../shared/domain-error.js';

/**
 * The order's state machine (product.md "Statuses"), declared as data in one place like Vendure's
 * default-order-process.ts: how an order is placed (the transition from nothing), which transitions exist, who may
 * ask for them, what guards them, and — beside each rule, like Vendure's onTransitionEnd — what the change does
 * besides moving the status (ADR 0036). The application's OrderProcess is the one entry point that checks a change
 * here and runs its effects; anything not listed here is refused (409).
 */
export const ORDER_STATUSES = ['pending_payment', 'awaiting_payment', 'paid', 'processing', 'dispatched', 'completed', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where an order's physical goods wait for the warehouse: paid or being prepared, and — issue 28 — an order on
 * account from the moment it is placed (its invoice is issued and due within the terms; the goods go out before the
 * BACS payment comes). `awaiting_payment` is only ever an order on account: a card order is placed pending payment.
 * The dashboard's "To dispatch", its list and the portal's orders filter all count these (with a physical line).
 */
export const DISPATCH_STATUSES: readonly OrderStatus[] = ['awaiting_payment', 'paid', 'processing'];

/**
 * Changes the process records without moving the status: `noted` (a payment that failed, a payment after the
 * order was cancelled, a BACS part payment), `paid_in_full` (BACS payments covering an order on account that
 * staff have already moved on) and `refunded_in_part` (staff refund chosen lines, ADR 0045: the order keeps its
 * status and shows "partly refunded", derived from its refunds). They go through the same entry point, so only the
 * process writes history.
 */
export const STATUS_KEEPING_CHANGES = ['noted', 'paid_in_full', 'refunded_in_part'] as const;
export type StatusKeepingChange = (typeof STATUS_KEEPING_CHANGES)[number];
export type OrderChange = OrderStatus | StatusKeepingChange;

/**
 * Who asks: the customer placing the order, a payment (the card provider's verified webhook, or BACS payments
 * recorded by staff), the shop itself (the payment timeout), or a member of staff.
 */
export type TransitionActor = 'customer' | 'payment' | 'system' | 'staff';

/** The e-mails an order sends its customer (issue 13), each through the durable queue. */
export const ORDER_MAIL_KINDS = ['confirmation', 'invoice', 'receipt', 'dispatched', 'credit_note'] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** The two gap-free number series of VAT documents (HMRC: unique and sequential). */
export type DocumentSeries = 'invoice' | 'credit_note';

/** What the guards may look at. */
export interface TransitionFacts {
  hasPhysicalLines: boolean;
  trackingNumber: string | null;
  paymentMethod: 'card' | 'invoice';
  /** Whether the order is paid in full already. */
  paid: boolean;
}

/**
 * What a change does besides moving the status, run by OrderProcess in the change's transaction in this order:
 * stock, the VAT document's number, the saved order and history, the e-mail, the payment time-out, and last the
 * subscribers of other modules (OrderTransitionSubscribers).
 */
export interface TransitionEffects {
  /** The order's lines take their stock from the catalogue (placing; a 409 names a line that ran out). */
  takesStock?: boolean;
  /** The stock the order took goes back to the catalogue (goods that never left the warehouse). */
  givesBackStock?: boolean;
  /**
   * The VAT document the order gets, numbered from its gap-free series, if it has not got it: an invoice once;
   * a credit note only for an invoiced order (an issued invoice is never withdrawn, only credited). `mail` is sent
   * only when the document is issued by this change. A credit note is always one refund (ADR 0045): of the lines
   * staff chose (`refunded_in_part`, or the last refund that takes all that is left), else of everything not
   * refunded yet; the chosen lines' stock goes back when staff restock them.
   */
  issues?: { series: DocumentSeries; mail?: OrderMailKind };
  /** The e-mail this change sends, by the order's payment method when it differs. */
  mail?: OrderMailKind | Readonly<Record<TransitionFacts['paymentMethod'], OrderMailKind>>;
  /** The order counts as paid from now (its `paid_at`). */
  marksPaid?: boolean;
  /** A card order gets ORDER_PAYMENT_TIMEOUT_MINUTES to be paid, then the time-out job cancels it. */
  schedulesPaymentTimeout?: boolean;
}

export interface TransitionRule {
  to: OrderChange;
  by: readonly TransitionActor[];
  /** A reason to refuse, or null to allow. */
  guard?: (facts: TransitionFacts) => string | null;
  effects: TransitionEffects;
}

const PHYSICAL_NOT_DISPATCHED = (facts: TransitionFacts) =>
  facts.hasPhysicalLines ? 'An order with physical goods is completed after it has been dispatched.' : null;
const CREDIT_NOTE: TransitionEffects['issues'] = { series: 'credit_note', mail: 'credit_note' };
const REFUND_BEFORE_DISPATCH: TransitionEffects = { givesBackStock: true, issues: CREDIT_NOTE };
/**
 * Staff refund chosen lines (and the delivery) of a paid or fulfilled order; it keeps its status (ADR 0045). The
 * customer only through a refund another module grants (a cancelled or moved course session, ADR 0050): no endpoint
 * lets a customer ask for one at will.
 */
const REFUNDED_IN_PART: TransitionRule = { to: 'refunded_in_part', by: ['staff', 'customer'], effects: { issues: CREDIT_NOTE } };
/** A payment (or its failure, or a part of it) noted in the history; the order stays as it is. */
const PAYMENT_NOTED: TransitionRule = { to: 'noted', by: ['payment'], effects: {} };
/** BACS payments covering an order on account that staff already moved on: it is paid, its status stays. */
const PAID_IN_FULL_LATE: TransitionRule = {
  to: 'paid_in_full',
  by: ['payment'],
  guard: (facts) => (facts.paymentMethod !== 'invoice' || facts.paid ? 'Only an unpaid order on account is paid in full by BACS.' : null),
  effects: { marksPaid: true, mail: 'receipt' },
};

/** Placing an order: the transition from nothing, chosen by the payment method. */
export const ORDER_PLACEMENT: readonly TransitionRule[] = [
  // A card order waits for the provider's webhook, for ORDER_PAYMENT_TIMEOUT_MINUTES at most.
  {
    to: 'pending_payment',
    by: ['customer'],
    guard: (facts) => (facts.paymentMethod === 'card' ? null : 'An order on account is placed awaiting payment.'),
    effects: { takesStock: true, schedulesPaymentTimeout: true },
  },
  // Pay on account (product.md): no payment page and no time-out; the VAT invoice is issued now, due within the terms.
  {
    to: 'awaiting_payment',
    by: ['customer'],
    guard: (facts) => (facts.paymentMethod === 'invoice' ? null : 'A card order is placed pending payment.'),
    effects: { takesStock: true, issues: { series: 'invoice', mail: 'invoice' } },
  },
];

export const ORDER_PROCESS: Readonly<Record<OrderStatus, readonly TransitionRule[]>> = {
  pending_payment: [
    // Only the verified webhook marks an order paid: never staff, never the browser returning to /complete.
    // A card payment's receipt is the order confirmation with its invoice.
    { to: 'paid', by: ['payment'], effects: { marksPaid: true, issues: { series: 'invoice' }, mail: { card: 'confirmation', invoice: 'receipt' } } },
    // The customer too (issue 28: "Cancel order" on their order page), so the stock goes back at once rather than
    // at the time-out; a payment after that is `paid_after_cancel`, noted for staff to refund.
    { to: 'cancelled', by: ['system', 'staff', 'customer'], effects: REFUND_BEFORE_DISPATCH },
    PAYMENT_NOTED,
  ],
  // Staff may fulfil an order on account before the money comes; the BACS payments that cover it move it to
  // `paid` (or, once it has moved on, just mark it paid).
  awaiting_payment: [
    { to: 'paid', by: ['payment'], effects: { marksPaid: true, issues: { series: 'invoice' }, mail: { card: 'confirmation', invoice: 'receipt' } } },
    { to: 'processing', by: ['staff'], effects: {} },
    { to: 'completed', by: ['staff'], guard: PHYSICAL_NOT_DISPATCHED, effects: {} },
    { to: 'cancelled', by: ['staff'], effects: REFUND_BEFORE_DISPATCH },
    PAYMENT_NOTED,
  ],
  paid: [
    { to: 'processing', by: ['staff'], effects: {} },
    { to: 'completed', by: ['staff'], guard: PHYSICAL_NOT_DISPATCHED, effects: {} },
    { to: 'refunded', by: ['staff', 'customer'], effects: REFUND_BEFORE_DISPATCH },
    REFUNDED_IN_PART,
  ],
  processing: [
    {
      to: 'dispatched',
      by: ['staff'],
      guard: (facts) => (facts.trackingNumber ? null : 'Give the tracking number of the parcel to mark the order dispatched.'),
      effects: { mail: 'dispatched' },
    },
    { to: 'refunded', by: ['staff', 'customer'], effects: REFUND_BEFORE_DISPATCH },
    REFUNDED_IN_PART,
    PAYMENT_NOTED,
    PAID_IN_FULL_LATE,
  ],
  // Dispatched goods have left the warehouse: a refund does not put them back in stock (staff restock returns by hand).
  dispatched: [
    { to: 'completed', by: ['staff'], effects: {} },
    { to: 'refunded', by: ['staff', 'customer'], effects: { issues: CREDIT_NOTE } },
    REFUNDED_IN_PART,
    PAYMENT_NOTED,
    PAID_IN_FULL_LATE,
  ],
  // Issue 28: a completed order may be refunded too (goods returned after delivery, a course not wanted).
  completed: [{ to: 'refunded', by: ['staff', 'customer'], effects: { issues: CREDIT_NOTE } }, REFUNDED_IN_PART, PAYMENT_NOTED, PAID_IN_FULL_LATE],
  // A payment after the time-out cancelled the order is noted, not believed: the stock may be sold again, so staff refund it.
  cancelled: [PAYMENT_NOTED],
  refunded: [],
};

/** 409: the state machine does not allow this change (or its guard refuses it). */
export class TransitionRefusedError extends DomainError {
  constructor(
    readonly from: OrderStatus | null,
    readonly to: string,
    reason?: string,
  ) {
    super(
      'conflict',
      reason ?? `An order that is ${from ? from.replace('_', ' ') : 'not placed'} cannot become ${to.replace('_', ' ')}.`,
      { to: [reason ?? `Not allowed from ${from ?? 'nothing'}.`] },
    );
  }
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Whether this change moves the status (rather than noting something about the order as it is). */
export function movesStatus(change: OrderChange): change is OrderStatus {
  return isOrderStatus(change);
}

/** The rule that allows `from → to` for this actor (`from` null: placing), or a TransitionRefusedError. */
export function checkTransition(from: OrderStatus | null, to: string, actor: TransitionActor, facts: TransitionFacts): TransitionRule {
  const rules = from === null ? ORDER_PLACEMENT : ORDER_PROCESS[from];
  const rule = rules.find((candidate) => candidate.to === to);
  if (!rule || !rule.by.includes(actor)) throw new TransitionRefusedError(from, to);
  const refusal = rule.guard?.(facts) ?? null;
  if (refusal) throw new TransitionRefusedError(from, to, refusal);
  return rule;
}

/** The mail a rule sends on its own (not with a document), for this payment method. */
export function mailOf(effects: TransitionEffects, paymentMethod: TransitionFacts['paymentMethod']): OrderMailKind | null {
  if (!effects.mail) return null;
  return typeof effects.mail === 'string' ? effects.mail : effects.mail[paymentMethod];
}

/** Whether staff may refund lines of an order in this status (a rule `refunded_in_part` exists for it). */
export function refundable(status: OrderStatus): boolean {
  return ORDER_PROCESS[status].some((rule) => rule.to === 'refunded_in_part');
}

/** The statuses this actor may move an order to from `from` (for admin screens). */
export function nextStatuses(from: OrderStatus, actor: TransitionActor): OrderStatus[] {
  return ORDER_PROCESS[from].filter((rule) => rule.by.includes(actor)).map((rule) => rule.to).filter(movesStatus);
}
