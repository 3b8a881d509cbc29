import { EntityManager, LockMode, type FilterQuery } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { AdminOrderQuery, DownloadLine, OrderStore } from '../../application/ports/order-store.port.js';
import type { OrderStatus } from '../../domain/order-process.js';
import { Order, OrderHistoryEntry, OrderLine, type DocumentSeries } from '../../domain/order.entity.js';
import { OrderPayment } from '../../domain/order-payment.entity.js';

const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;
/** The first key of the per-customer checkout lock (pg_advisory_xact_lock(int, int)); 25 after the issue. */
const CHECKOUT_LOCK_NAMESPACE = 25;

@Injectable()
export class MikroOrmOrderStore implements OrderStore {
  constructor(private readonly em: EntityManager) {}

  async nextNumber(): Promise<string> {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ value: string | number }>>(`select nextval('order_number_seq') as value`, [], 'all', this.em.getTransactionContext());
    return `HS-${String(row!.value)}`;
  }

  async nextDocumentNumber(series: DocumentSeries): Promise<number> {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ value: string | number }>>(
        'update document_counters set last_value = last_value + 1 where series = ? returning last_value as value', [series], 'all',
        this.em.getTransactionContext(),
      );
    if (!row) throw new Error(`No document counter for the series ${series}.`);
    return Number(row.value);
  }

  async insert(order: Order, lines: OrderLine[], placed: OrderHistoryEntry): Promise<void> {
    await this.em.persist(order).flush();
    for (const line of lines) line.orderId = order.id;
    placed.orderId = order.id;
    await this.em.persist([...lines, placed]).flush();
  }

  findById(id: number): Promise<Order | null> {
    return this.em.findOne(Order, { id });
  }

  lockById(id: number): Promise<Order | null> {
    return this.em.findOne(Order, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  lockByPaymentReference(provider: string, reference: string): Promise<Order | null> {
    return this.em.findOne(Order, { paymentProvider: provider, paymentReference: reference }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  findByPaymentReference(provider: string, reference: string): Promise<Order | null> {
    return this.em.findOne(Order, { paymentProvider: provider, paymentReference: reference });
  }

  linesOf(orderId: number): Promise<OrderLine[]> {
    return this.em.find(OrderLine, { orderId }, { orderBy: { position: 'asc', id: 'asc' } });
  }

  historyOf(orderId: number): Promise<OrderHistoryEntry[]> {
    return this.em.find(OrderHistoryEntry, { orderId }, { orderBy: { at: 'asc', id: 'asc' } });
  }

  paymentsOf(orderId: number): Promise<OrderPayment[]> {
    return this.em.find(OrderPayment, { orderId }, { orderBy: { receivedAt: 'asc', id: 'asc' } });
  }

  async addPayment(payment: OrderPayment): Promise<void> {
    await this.em.persist(payment).flush();
  }

  async save(order: Order, entries: OrderHistoryEntry[] = []): Promise<void> {
    await this.em.persist([order, ...entries]).flush();
  }

  async listForCustomer(customerId: number, offset: number, limit: number): Promise<{ orders: Order[]; total: number }> {
    const [orders, total] = await this.em.findAndCount(Order, { customerId }, { orderBy: NEWEST_FIRST, offset, limit });
    return { orders, total };
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

  downloadLinesOf(customerId: number, statuses: readonly OrderStatus[]): Promise<DownloadLine[]> {
    return this.downloadLines('o.customer_id = ?', [customerId], statuses);
  }

  async downloadLine(customerId: number, lineId: number, statuses: readonly OrderStatus[]): Promise<DownloadLine | null> {
    const [line] = await this.downloadLines('o.customer_id = ? and l.id = ?', [customerId, lineId], statuses);
    return line ?? null;
  }

  private async downloadLines(where: string, params: unknown[], statuses: readonly OrderStatus[]): Promise<DownloadLine[]> {
    if (statuses.length === 0) return [];
    const rows = await this.em.getConnection().execute<
      Array<{ line_id: number; order_id: number; number: string; option_id: number; title: string; option_name: string; created_at: Date | string }>
    >(
      `select l.id as line_id, o.id as order_id, o.number, l.option_id, l.title, l.option_name, o.created_at
         from orders o join order_lines l on l.order_id = o.id
        where ${where} and l.kind = 'download' and o.status in (${statuses.map(() => '?').join(', ')})
        order by o.created_at desc, o.id desc, l.position asc`,
      [...params, ...statuses], 'all', this.em.getTransactionContext(),
    );
    return rows.map((row: { line_id: number; order_id: number; number: string; option_id: number; title: string; option_name: string; created_at: Date | string }) => ({
      lineId: Number(row.line_id), orderId: Number(row.order_id), orderNumber: row.number, optionId: Number(row.option_id), title: row.title,
      optionName: row.option_name, orderedAt: new Date(row.created_at),
    }));
  }

  async search(query: AdminOrderQuery, offset: number, limit: number): Promise<{ orders: Order[]; total: number }> {
    const where: FilterQuery<Order>[] = [];
    const term = query.search?.trim();
    if (term) {
      const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const matches: FilterQuery<Order>[] = [{ number: { $ilike: pattern } }, { poNumber: { $ilike: pattern } }];
      if (query.customerIds?.length) matches.push({ customerId: { $in: [...query.customerIds] } });
      where.push({ $or: matches });
    }
    if (query.customerId !== undefined) where.push({ customerId: query.customerId }); // orders_customer_index
    if (query.status) where.push({ status: query.status });
    if (query.createdFrom) where.push({ createdAt: { $gte: query.createdFrom } });
    if (query.createdBefore) where.push({ createdAt: { $lt: query.createdBefore } });
    const [orders, total] = await this.em.findAndCount(Order, where.length ? { $and: where } : {}, { orderBy: NEWEST_FIRST, offset, limit });
    return { orders, total };
  }
}
