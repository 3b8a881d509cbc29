import { DomainError } from '../../../shared/domain-error.js';

/**
 * The order's state machine (product.md "Statuses"), declared as data in one place like Vendure's
 * default-order-process.ts: which transitions exist, who may ask for them, what guards them and whether they
 * give the order's stock back. Every service that changes an order's status goes through `checkTransition`;
 * anything not listed here is refused (409).
 */
export const ORDER_STATUSES = ['pending_payment', 'awaiting_payment', 'paid', 'processing', 'dispatched', 'completed', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Who asks: a payment (the card provider's verified webhook, or BACS payments recorded by staff that cover the
 * order), the shop itself (the payment timeout), or a member of staff.
 */
export type TransitionActor = 'payment' | 'system' | 'staff';

/** What the guards may look at. */
export interface TransitionFacts {
  hasPhysicalLines: boolean;
  trackingNumber: string | null;
}

export interface TransitionRule {
  to: OrderStatus;
  by: readonly TransitionActor[];
  /** A reason to refuse, or null to allow. */
  guard?: (facts: TransitionFacts) => string | null;
  /** The stock the order took goes back to the catalogue (goods that never left the warehouse). */
  givesBackStock?: boolean;
}

export const ORDER_PROCESS: Readonly<Record<OrderStatus, readonly TransitionRule[]>> = {
  pending_payment: [
    // Only the verified webhook marks an order paid: never staff, never the browser returning to /complete.
    { to: 'paid', by: ['payment'] },
    { to: 'cancelled', by: ['system', 'staff'], givesBackStock: true },
  ],
  // Pay on account (product.md): an invoice order starts here, invoiced at once. Staff may fulfil it before the
  // money comes; the BACS payments that cover it move it to `paid` (or, once it has moved on, just mark it paid).
  awaiting_payment: [
    { to: 'paid', by: ['payment'] },
    { to: 'processing', by: ['staff'] },
    {
      to: 'completed',
      by: ['staff'],
      guard: (facts) => (facts.hasPhysicalLines ? 'An order with physical goods is completed after it has been dispatched.' : null),
    },
    { to: 'cancelled', by: ['staff'], givesBackStock: true },
  ],
  paid: [
    { to: 'processing', by: ['staff'] },
    {
      to: 'completed',
      by: ['staff'],
      guard: (facts) => (facts.hasPhysicalLines ? 'An order with physical goods is completed after it has been dispatched.' : null),
    },
    { to: 'refunded', by: ['staff'], givesBackStock: true },
  ],
  processing: [
    {
      to: 'dispatched',
      by: ['staff'],
      guard: (facts) => (facts.trackingNumber ? null : 'Give the tracking number of the parcel to mark the order dispatched.'),
    },
    { to: 'refunded', by: ['staff'], givesBackStock: true },
  ],
  // Dispatched goods have left the warehouse: a refund does not put them back in stock (staff restock returns by hand).
  dispatched: [
    { to: 'completed', by: ['staff'] },
    { to: 'refunded', by: ['staff'] },
  ],
  completed: [],
  cancelled: [],
  refunded: [],
};

/** 409: the state machine does not allow this change (or its guard refuses it). */
export class TransitionRefusedError extends DomainError {
  constructor(
    readonly from: OrderStatus,
    readonly to: string,
    reason?: string,
  ) {
    super('conflict', reason ?? `An order that is ${from.replace('_', ' ')} cannot become ${to.replace('_', ' ')}.`, { to: [reason ?? `Not allowed from ${from}.`] });
  }
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The rule that allows `from → to` for this actor, or a TransitionRefusedError. */
export function checkTransition(from: OrderStatus, to: string, actor: TransitionActor, facts: TransitionFacts): TransitionRule {
  const rule = ORDER_PROCESS[from].find((candidate) => candidate.to === to);
  if (!rule || !rule.by.includes(actor)) throw new TransitionRefusedError(from, to);
  const refusal = rule.guard?.(facts) ?? null;
  if (refusal) throw new TransitionRefusedError(from, to, refusal);
  return rule;
}

/** The statuses this actor may move an order to from `from` (for admin screens). */
export function nextStatuses(from: OrderStatus, actor: TransitionActor): OrderStatus[] {
  return ORDER_PROCESS[from].filter((rule) => rule.by.includes(actor)).map((rule) => rule.to);
}
