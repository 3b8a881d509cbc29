import { Inject, Injectable, Logger } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import { Transactions } from '../../../platform/persistence/index.js';
import type { BasketView } from '../../basket/index.js';
import { AccountService } from '../../identity/index.js';
import { OrderNotCancellableError, OrderNotPayableError } from '../domain/after-sale-errors.js';
import type { Order } from '../domain/order.entity.js';
import { OrderProcess } from './order-process.service.js';
import { CHECKOUT_BASKET, type CheckoutBasket } from './ports/checkout-basket.port.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './ports/payment-provider.port.js';
import { isId } from '../../../shared/contracts/ids.js';

/** What the customer's cancel answers: the order's id and status, and the basket when the lines went back into it. */
export interface CancelledOrder {
  order: { id: number; number: string; status: Order['status'] };
  /** Null unless `restore_basket` was asked for and this call cancelled the order (a retry restores nothing twice). */
  basket: BasketView | null;
}

/**
 * What customers do with their own unpaid card order after checkout (issue 28 item 2): pay it later ("Pay now":
 * the provider's session again while it is open, a fresh one once it has expired or ended) or cancel it (through
 * the order process, so the stock goes back once; its lines back in the basket when asked). Another customer's
 * order is "not found". Both lock the order, so a double click or a retry queues behind the first.
 */
@Injectable()
export class CustomerOrderActions {
  private readonly logger = new Logger(CustomerOrderActions.name);

  constructor(
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    @Inject(CHECKOUT_BASKET) private readonly basket: CheckoutBasket,
    private readonly process: OrderProcess,
    private readonly accounts: AccountService,
    private readonly transactions: Transactions,
    private readonly env: Environment,
  ) {}

  /** `POST /api/orders/{id}/pay`: where to pay the order now (409 when it does not wait for a card payment). */
  pay(customerId: number, orderId: number): Promise<{ payment_url: string }> {
    return this.transactions.run(async () => {
      const order = await this.lockOwn(customerId, orderId);
      if (order.paymentMethod !== 'card') throw new OrderNotPayableError(order.number, 'it is on account: pay the invoice by BACS.');
      if (order.status !== 'pending_payment') throw new OrderNotPayableError(order.number, `it is ${order.status.replace('_', ' ')}.`);
      const previous = order.paymentProvider === this.payments.name ? order.paymentReference : null;
      const open = previous ? await this.payments.resumeSession(previous) : null;
      if (open) return { payment_url: open.url };
      // The old session expired (or another provider made it): a fresh one, which the webhook finds the order by.
      const profile = await this.accounts.getProfile(customerId);
      const session = await this.payments.createSession({
        orderId: order.id, number: order.number, amount: order.grandTotal, currency: 'gbp', customerEmail: profile.email,
        successUrl: `${this.env.publicUrl}/complete?order=${order.id}`, cancelUrl: `${this.env.publicUrl}/cancelled?order=${order.id}`,
        replaces: order.paymentReference ?? undefined,
      });
      order.paymentProvider = this.payments.name;
      order.paymentReference = session.reference;
      await this.orders.save(order);
      this.logger.log(`Order ${order.number}: a fresh payment session replaces ${previous ?? 'none'}.`);
      return { payment_url: session.url };
    });
  }

  /**
   * `POST /api/orders/{id}/cancel`: the customer's unpaid card order is cancelled (the process gives its stock back)
   * and, when asked, its lines go back into the basket in the same transaction. An order already cancelled answers
   * as it is (a retried request changes nothing twice); a paid or on-account order is 409.
   */
  async cancel(customerId: number, orderId: number, restoreBasket: boolean, guestToken: string | null): Promise<CancelledOrder> {
    const { order, basket, ended } = await this.transactions.run(async () => {
      const order = await this.lockOwn(customerId, orderId);
      if (order.status === 'cancelled') return { order, basket: null, ended: null };
      if (order.paymentMethod !== 'card') throw new OrderNotCancellableError(order.number, 'it is invoiced on account; contact us and we will credit the invoice.');
      if (order.status !== 'pending_payment') throw new OrderNotCancellableError(order.number, 'it has been paid; contact us for a refund.');
      await this.process.transition(order, 'cancelled', 'customer', { actorUserId: customerId, note: 'Cancelled by the customer.' });
      const lines = restoreBasket ? await this.orders.linesOf(order.id) : [];
      const basket = restoreBasket
        ? await this.basket.addLines(customerId, guestToken, lines.map((line) => ({
          optionId: line.optionId, qty: line.qty, label: line.optionName ? `${line.title} (${line.optionName})` : line.title,
        })))
        : null;
      return { order, basket, ended: order.paymentProvider === this.payments.name ? order.paymentReference : null };
    });
    // After commit, and best effort: a session left open can only bring a payment the webhook notes for a refund.
    if (ended) await this.payments.endSession(ended).catch((error: unknown) => this.logger.warn(`Order ${order.number}: could not end session ${ended}: ${String(error)}`));
    return { order: { id: order.id, number: order.number, status: order.status }, basket };
  }

  private async lockOwn(customerId: number, orderId: number): Promise<Order> {
    const order = isId(orderId) ? await this.orders.lockById(orderId) : null;
    if (!order || order.customerId !== customerId) throw new NotFoundError('Order');
    return order;
  }
}
