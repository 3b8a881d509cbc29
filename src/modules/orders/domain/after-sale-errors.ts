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
