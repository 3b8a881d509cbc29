import { Inject, Injectable } from '@nestjs/common';
import { Transactions } from '../../../platform/persistence/index.js';
import { InvalidInputError, NotFoundError } from '../../../shared/domain-error.js';
import { formatPounds } from '../../../shared/money.js';
import { OrderPayment } from '../domain/order-payment.entity.js';
import { PaymentRefusedError } from '../domain/payment-errors.js';
import { OrderAdminService } from './order-admin.service.js';
import { OrderProcess } from './order-process.service.js';
import type { AdminOrderView } from './order-views.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';
import { isId } from '../../../shared/contracts/ids.js';

export interface BacsPaymentInput {
  /** Pence. */
  amount: number;
  reference: string;
}

/**
 * BACS payments of orders on account (product.md "Pay on account"): staff record each transfer as it reaches
 * the bank; part payments add up, and the payment that covers the grand total marks the order paid — moving it
 * from `awaiting_payment` to `paid`, or, when staff have already moved it on (processing, dispatched), leaving
 * its status and recording the payment in its history. Locked per order, so two clerks cannot both pay it.
 */
@Injectable()
export class OrderPaymentService {
  constructor(
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    private readonly process: OrderProcess,
    private readonly admin: OrderAdminService,
    private readonly transactions: Transactions,
  ) {}

  async recordBacs(orderId: number, staffId: number, input: BacsPaymentInput): Promise<AdminOrderView> {
    await this.transactions.run(async () => {
      const order = isId(orderId) ? await this.orders.lockById(orderId) : null;
      if (!order) throw new NotFoundError('Order');
      if (order.paymentMethod !== 'invoice') throw new PaymentRefusedError(`Order ${order.number} was paid by card: there is no invoice to pay by BACS.`);
      if (order.status === 'cancelled' || order.status === 'refunded') throw new PaymentRefusedError(`Order ${order.number} is ${order.status}: it takes no payment.`);
      if (order.isPaid) throw new PaymentRefusedError(`Order ${order.number} is paid in full already.`);
      const paidSoFar = (await this.orders.paymentsOf(order.id)).reduce((sum, payment) => sum + payment.amount, 0);
      const outstanding = order.grandTotal - paidSoFar;
      if (input.amount > outstanding) {
        throw new InvalidInputError('amount', `That is more than the ${formatPounds(outstanding)} outstanding on order ${order.number}.`);
      }
      await this.orders.addPayment(new OrderPayment(order.id, input.amount, input.reference, 'bacs', staffId));
      const left = outstanding - input.amount;
      if (left > 0) {
        const note = `BACS payment of ${formatPounds(input.amount)} received (ref ${input.reference}); ${formatPounds(left)} outstanding.`;
        await this.process.transition(order, 'noted', 'payment', { note, actorUserId: staffId });
        return;
      }
      const note = `Paid in full by BACS: ${formatPounds(input.amount)} received (ref ${input.reference}).`;
      // Awaiting payment, it becomes paid; moved on by staff already, it stays where it is and is marked paid.
      await this.process.transition(order, order.status === 'awaiting_payment' ? 'paid' : 'paid_in_full', 'payment', { note, actorUserId: staffId });
    });
    return this.admin.get(orderId);
  }
}
