import { EntityManager, LockMode } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { OrderRepository } from '../../application/ports/order-repository.port.js';
import { Order, OrderHistoryEntry, OrderLine } from '../../domain/order.entity.js';
import { OrderPayment } from '../../domain/order-payment.entity.js';

/** The order aggregate through MikroORM (ADR 0036: one of the four ports the old OrderStore was split into). */
@Injectable()
export class MikroOrmOrderRepository implements OrderRepository {
  constructor(private readonly em: EntityManager) {}

  async nextNumber(): Promise<string> {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ value: string | number }>>(`select nextval('order_number_seq') as value`, [], 'all', this.em.getTransactionContext());
    return `HS-${String(row!.value)}`;
  }

  async insert(order: Order, lines: OrderLine[], placed: OrderHistoryEntry): Promise<void> {
    await this.em.persist(order).flush();
    for (const line of lines) line.orderId = order.id;
    placed.orderId = order.id;
    await this.em.persist([...lines, placed]).flush();
  }

  async save(order: Order, entries: OrderHistoryEntry[] = []): Promise<void> {
    await this.em.persist([order, ...entries]).flush();
  }

  findById(id: number): Promise<Order | null> {
    return this.em.findOne(Order, { id });
  }

  lockById(id: number): Promise<Order | null> {
    return this.em.findOne(Order, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  linesOf(orderId: number): Promise<OrderLine[]> {
    return this.em.find(OrderLine, { orderId }, { orderBy: { position: 'asc', id: 'asc' } });
  }

  paymentsOf(orderId: number): Promise<OrderPayment[]> {
    return this.em.find(OrderPayment, { orderId }, { orderBy: { receivedAt: 'asc', id: 'asc' } });
  }

  async addPayment(payment: OrderPayment): Promise<void> {
    await this.em.persist(payment).flush();
  }
}
