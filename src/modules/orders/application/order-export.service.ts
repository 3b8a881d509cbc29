import { Inject, Injectable } from '@nestjs/common';
import { UserAdministrationService } from '../../identity/index.js';
import { exportRowsOf, type ExportCustomer, type ExportLineRecord, type ExportRefundRecord, type OrderExportRow } from '../domain/order-export.js';
import { ORDER_EXPORT_READER, type OrderExportCursor, type OrderExportFilter, type OrderExportReader } from './ports/order-export-reader.port.js';

/** Records grouped by their order, keeping their order within each. */
function byOrder<T extends { orderId: number }>(records: readonly T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const record of records) {
    const list = grouped.get(record.orderId);
    if (list) list.push(record);
    else grouped.set(record.orderId, [record]);
  }
  return grouped;
}

/** Orders per batch: one query for the orders, one for their lines, one for customers not seen yet. */
export const ORDER_EXPORT_BATCH = 1000;

/**
 * `shop orders:export` (issue 15, ADR 0022): the rows of every order placed in a period, batch by batch, so the
 * caller can write each batch out before the next is read — memory stays flat however long the period.
 */
@Injectable()
export class OrderExportService {
  constructor(
    @Inject(ORDER_EXPORT_READER) private readonly reader: OrderExportReader,
    private readonly users: UserAdministrationService,
  ) {}

  /** How many orders the export will write (for the progress bar). */
  countOrders(filter: OrderExportFilter): Promise<number> {
    return this.reader.count(filter);
  }

  /** Each batch's rows (lines, deliveries and credit notes, order by order) and how many orders they came from. */
  async *batches(filter: OrderExportFilter, batchSize = ORDER_EXPORT_BATCH): AsyncGenerator<{ orders: number; rows: OrderExportRow[] }> {
    // Customers repeat across batches; one look-up each (bounded by the number of customers, not of orders).
    const customers = new Map<number, ExportCustomer | undefined>();
    let after: OrderExportCursor | null = null;
    do {
      const batch = await this.reader.batch(filter, after, batchSize);
      if (batch.orders.length === 0) break;
      const unseen = [...new Set(batch.orders.map((order) => order.customerId))].filter((id) => !customers.has(id));
      if (unseen.length > 0) {
        const found = await this.users.contactsOf(unseen);
        for (const id of unseen) customers.set(id, found.get(id));
      }
      const linesByOrder = byOrder<ExportLineRecord>(batch.lines);
      const refundsByOrder = byOrder<ExportRefundRecord>(batch.refunds);
      yield {
        orders: batch.orders.length,
        rows: batch.orders.flatMap((order) =>
          exportRowsOf(order, linesByOrder.get(order.id) ?? [], customers.get(order.customerId), refundsByOrder.get(order.id) ?? [])),
      };
      after = batch.next;
    } while (after);
  }
}
