import { DomainError, NotFoundError } from '../../../shared/domain-error.js';
import { MAX_LINE_QUANTITY_TEXT } from './basket-rules.js';

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

/** 422: the change would put more than MAX_LINE_QUANTITY of one option on a line (named, so buy-again says which). */
export class LineQuantityTooLargeError extends DomainError {
  constructor(labels: readonly string[]) {
    super(
      'invalid',
      `You can have at most ${MAX_LINE_QUANTITY_TEXT} of one item in your basket: ${labels.map((label) => `"${label}"`).join(', ')} would go over.`,
      { quantity: [`At most ${MAX_LINE_QUANTITY_TEXT} per line.`] },
    );
  }
}

/** 422: a typed quantity that the stock cannot supply (issue 28); the reason goes next to the quantity field. */
export class QuantityOverStockError extends DomainError {
  constructor(label: string, stock: number, inBasket: number) {
    const reason =
      stock === 0 ? 'None left in stock.'
        : inBasket > 0 ? `Only ${stock} in stock, and ${inBasket} ${inBasket === 1 ? 'is' : 'are'} already in your basket.`
          : `Only ${stock} in stock.`;
    super('invalid', `Sorry, we cannot supply that many "${label}". ${reason}`, { qty: [reason] });
  }
}

/** 422: a typed quantity above MAX_LINE_QUANTITY, counting what the line holds already. */
export class TypedQuantityTooLargeError extends DomainError {
  constructor(label: string, inBasket: number) {
    const reason = inBasket > 0
      ? `At most ${MAX_LINE_QUANTITY_TEXT} per line, and ${inBasket} ${inBasket === 1 ? 'is' : 'are'} already in your basket.`
      : `At most ${MAX_LINE_QUANTITY_TEXT} per line.`;
    super('invalid', `You can have at most ${MAX_LINE_QUANTITY_TEXT} of "${label}" in your basket.`, { qty: [reason] });
  }
}
