import { DomainError } from '../../../shared/domain-error.js';

/** 409: this order takes no BACS payment (paid by card, paid already, or cancelled/refunded). */
export class PaymentRefusedError extends DomainError {
  constructor(reason: string) {
    super('conflict', reason, { amount: [reason] });
  }
}
