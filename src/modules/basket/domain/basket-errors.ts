import { DomainError, NotFoundError } from '../../../shared/domain-error.js';

/** 404: no such item in this visitor's basket (another visitor's item ids answer the same). */
export class BasketItemNotFoundError extends NotFoundError {
  constructor() {
    super('That basket item');
  }
}

/** 404: the option is unknown, inactive, or its product is not published (Buying API contract). */
export class OptionNotFoundError extends NotFoundError {
  constructor() {
    super('That product option');
  }
}

/** 409: nothing of the option is left to add. */
export class NothingInStockError extends DomainError {
  constructor(label: string) {
    super('conflict', `Sorry, "${label}" is out of stock.`, { option_id: ['Out of stock.'] });
  }
}
