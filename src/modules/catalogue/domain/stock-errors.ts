import { DomainError } from '../../../shared/domain-error.js';

/** 409: an option cannot supply the quantity asked for (stock ran out, or it is no longer for sale). */
export class OutOfStockError extends DomainError {
  constructor(
    readonly optionId: number,
    readonly label: string,
    available: number,
  ) {
    super(
      'conflict',
      available > 0
        ? `Only ${available} of "${label}" ${available === 1 ? 'is' : 'are'} left in stock.`
        : `"${label}" is out of stock.`,
      { [`option_${optionId}`]: [available > 0 ? `Only ${available} left.` : 'Out of stock.'] },
    );
  }
}

/** 404-like answer for an option that is unknown, inactive, or whose product is not published. */
export class OptionNotForSaleError extends DomainError {
  constructor(readonly optionId: number, label: string | null) {
    super('conflict', label ? `"${label}" is no longer for sale.` : `Option ${optionId} is not for sale.`, {
      [`option_${optionId}`]: ['No longer for sale.'],
    });
  }
}
