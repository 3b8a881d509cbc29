import { DomainError } from '../../../shared/domain-error.js';

/**
 * How many card orders one customer may have waiting for payment at once (issue 25). Each holds its stock until it
 * is paid or the payment time-out cancels it, so without a cap one account could hold a product's whole stock.
 * Orders on account are not counted: they are invoiced at once, and only customers we gave terms can place them.
 */
export const MAX_UNPAID_CARD_ORDERS = 2;

/**
 * Customers cannot cancel an order themselves, so the message says what frees a place: paying, or the payment
 * time-out (ORDER_PAYMENT_TIMEOUT_MINUTES) cancelling an order left unpaid.
 */
export function tooManyUnpaidOrdersMessage(count: number, timeoutMinutes: number): string {
  return `You have ${count} orders waiting for payment. Pay one of them before placing another; an order left unpaid is cancelled ${timeoutMinutes} minutes after it was placed.`;
}

/** 409: the customer already has MAX_UNPAID_CARD_ORDERS card orders awaiting payment; nothing was reserved. */
export class TooManyUnpaidOrdersError extends DomainError {
  constructor(count: number, timeoutMinutes: number) {
    super('conflict', tooManyUnpaidOrdersMessage(count, timeoutMinutes));
  }
}
