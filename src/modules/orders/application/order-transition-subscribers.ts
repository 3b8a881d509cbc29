import { Injectable } from '@nestjs/common';
import type { OrderChange, OrderStatus, TransitionActor } from '../domain/order-process.js';

/** What a subscriber learns of one applied change (a copy: it cannot change the order behind the process's back). */
export interface OrderTransitionEvent {
  orderId: number;
  orderNumber: string;
  customerId: number;
  paymentMethod: 'card' | 'invoice';
  /** Null when the change placed the order. */
  from: OrderStatus | null;
  /** The change: a status (`paid`, `awaiting_payment` for an order placed on account, `refunded`, …) or `paid_in_full`/`noted`. */
  change: OrderChange;
  /** The order's status after the change. */
  status: OrderStatus;
  actor: TransitionActor;
  at: Date;
  /** `bookingRef`: what the line books, opaque to orders (a course line's session, ADR 0046), null otherwise. */
  lines: ReadonlyArray<{ lineId: number; productId: number; optionId: number; kind: string; qty: number; bookingRef: string | null; bookingLabel: string | null }>;
  /**
   * What this change refunded (ADR 0045): the lines and quantities of a `refunded_in_part`, and of a `refunded` or
   * `cancelled` that issued a credit note, all that was left; empty for every other change.
   */
  refundedLines: ReadonlyArray<{ lineId: number; qty: number }>;
}

export type OrderTransitionHandler = (event: OrderTransitionEvent) => Promise<void> | void;

/**
 * The subscription point other modules use for order changes (the training module's licences: create them when an
 * order is `paid` or placed on account — `awaiting_payment` — and revoke seats on `refunded` and `refunded_in_part`), through the orders
 * module's index. Handlers run INSIDE the change's transaction, after its own effects (ADR 0036): what they write
 * commits or rolls back with the status, and a handler that throws refuses the change (a webhook is then retried by
 * the provider). So a handler writes to the database or enqueues a job; it never calls out over the network.
 */
@Injectable()
export class OrderTransitionSubscribers {
  private readonly handlers = new Map<OrderChange, OrderTransitionHandler[]>();

  /** Calls `handler` for every applied `change`, in the order of subscription; returns a function that unsubscribes. */
  on(change: OrderChange, handler: OrderTransitionHandler): () => void {
    const list = this.handlers.get(change) ?? [];
    list.push(handler);
    this.handlers.set(change, list);
    return () => {
      const index = list.indexOf(handler);
      if (index >= 0) list.splice(index, 1);
    };
  }

  /** Whether anybody listens to `change` (so the process reads nothing for nobody). */
  has(change: OrderChange): boolean {
    return (this.handlers.get(change)?.length ?? 0) > 0;
  }

  /** OrderProcess's: runs the handlers of the event's change one after the other, in the caller's transaction. */
  async publish(event: OrderTransitionEvent): Promise<void> {
    for (const handler of [...(this.handlers.get(event.change) ?? [])]) await handler(event);
  }
}
