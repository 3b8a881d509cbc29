import { EntityManager, raw, type FilterQuery } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { AdminOrderQuery, DownloadLine, OrderReads } from '../../application/ports/order-reads.port.js';
import { DISPATCH_STATUSES, type OrderStatus } from '../../domain/order-process.js';
import { Order, OrderHistoryEntry } from '../../domain/order.entity.js';

const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;
const OLDEST_FIRST = { createdAt: 'asc', id: 'asc' } as const;

@Injectable()
export class MikroOrmOrderReads implements OrderReads {
  constructor(private readonly em: EntityManager) {}

  historyOf(orderId: number): Promise<OrderHistoryEntry[]> {
    return this.em.find(OrderHistoryEntry, { orderId }, { orderBy: { at: 'asc', id: 'asc' } });
  }

  async listForCustomer(customerId: number, offset: number, limit: number): Promise<{ orders: Order[]; total: number }> {
    return this.page({ customerId }, offset, limit);
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
    if (query.toDispatch) {
      // The dashboard's "To dispatch" (reporting's SQL says the same): orders_to_dispatch_index.
      where.push({ status: { $in: [...DISPATCH_STATUSES] } });
      where.push({ [raw((alias) => `exists (select 1 from order_lines l where l.order_id = ${alias}.id and l.kind = 'physical')`)]: true });
    }
    if (query.createdFrom) where.push({ createdAt: { $gte: query.createdFrom } });
    if (query.createdBefore) where.push({ createdAt: { $lt: query.createdBefore } });
    return this.page(where.length ? { $and: where } : {}, offset, limit);
  }

  /**
   * A page, newest first. An index walk to OFFSET reads every row before it, so a page in the older half is read
   * from the other end (oldest first, the same index backwards) and turned round: the last page of 1M orders costs
   * what the first does (ADR 0054). The count comes first, to know which end is nearer.
   */
  private async page(where: FilterQuery<Order>, offset: number, limit: number): Promise<{ orders: Order[]; total: number }> {
    const total = await this.em.count(Order, where);
    if (offset >= total) return { orders: [], total };
    if (offset * 2 <= total) return { orders: await this.em.find(Order, where, { orderBy: NEWEST_FIRST, offset, limit }), total };
    const take = Math.min(limit, total - offset);
    const orders = await this.em.find(Order, where, { orderBy: OLDEST_FIRST, offset: total - offset - take, limit: take });
    return { orders: orders.reverse(), total };
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
}
