import { DomainError } from '../../../shared/domain-error.js';

/** 409: "Pay now" for an order that is not a card order waiting for payment (paid, cancelled, or on account). */
export class OrderNotPayableError extends DomainError {
  constructor(number: string, reason: string) {
    super('conflict', `Order ${number} cannot be paid now: ${reason}`);
  }
}

/** 409: the customer cancels an order that is paid, moving on, or invoiced on account (staff cancel those). */
export class OrderNotCancellableError extends DomainError {
  constructor(number: string, reason: string) {
    super('conflict', `Order ${number} cannot be cancelled here: ${reason}`);
  }
}

/** 409: staff refund lines of an order that is not paid or fulfilled (unpaid, cancelled, or refunded already). */
export class OrderNotRefundableError extends DomainError {
  constructor(number: string, status: string) {
    super('conflict', `Order ${number} cannot be refunded: it is ${status.replace('_', ' ')}.`);
  }
}

/** 409: a refund granted to the customer (ADR 0050) for lines refunded already (a retried request refunds nothing twice). */
export class LinesRefundedAlreadyError extends DomainError {
  constructor(number: string) {
    super('conflict', `Order ${number}: those lines are refunded already.`);
  }
}
