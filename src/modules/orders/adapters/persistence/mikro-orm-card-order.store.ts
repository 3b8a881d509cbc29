import { EntityManager, LockMode } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { CardOrderStore } from '../../application/ports/card-order-store.port.js';
import { Order } from '../../domain/order.entity.js';

/** The first key of the per-customer checkout lock (pg_advisory_xact_lock(int, int)); 25 after the issue. */
const CHECKOUT_LOCK_NAMESPACE = 25;

@Injectable()
export class MikroOrmCardOrderStore implements CardOrderStore {
  constructor(private readonly em: EntityManager) {}

  lockByPaymentReference(provider: string, reference: string): Promise<Order | null> {
    return this.em.findOne(Order, { paymentProvider: provider, paymentReference: reference }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  findByPaymentReference(provider: string, reference: string): Promise<Order | null> {
    return this.em.findOne(Order, { paymentProvider: provider, paymentReference: reference });
  }

  countUnpaidCardOrders(customerId: number): Promise<number> {
    return this.em.count(Order, { customerId, paymentMethod: 'card', status: 'pending_payment' });
  }

  async lockCheckoutsAndCountUnpaidCardOrders(customerId: number): Promise<number> {
    // A transaction-scoped advisory lock keyed (namespace, customer): no row to lock exists before the first order,
    // and locking the customer's users row would reach into identity's table.
    await this.em.getConnection().execute('select pg_advisory_xact_lock(?, ?)', [CHECKOUT_LOCK_NAMESPACE, customerId], 'all', this.em.getTransactionContext());
    const [row] = await this.em.getConnection().execute<Array<{ count: number }>>(
      `select count(*)::int as count from orders where customer_id = ? and payment_method = 'card' and status = 'pending_payment'`,
      [customerId], 'all', this.em.getTransactionContext(),
    );
    return row!.count;
  }
}
