import type { ExportLineRecord, ExportOrderRecord, ExportPeriod, ExportRefundRecord } from '../../domain/order-export.js';
import type { OrderStatus } from '../../domain/order-process.js';

/** Which orders an export reads: placed within the period, with one of the statuses (none = every status). */
export interface OrderExportFilter {
  period: ExportPeriod;
  statuses: readonly OrderStatus[];
}

/** Where the previous batch ended, in the export's order (created_at, id); opaque to the service. */
export interface OrderExportCursor {
  createdAt: string;
  id: number;
}

export interface OrderExportBatch {
  orders: ExportOrderRecord[];
  /** The batch's lines, in order and position order. */
  lines: ExportLineRecord[];
  /** The batch's credit notes, by order and date. */
  refunds: ExportRefundRecord[];
  /** Null after the last batch. */
  next: OrderExportCursor | null;
}

/**
 * Reads orders for the export in batches by keyset ((created_at, id) after the cursor), each batch's lines in one
 * more query (and their credit notes in one more): constant memory however many orders the period holds, and no query per order.
 */
export interface OrderExportReader {
  count(filter: OrderExportFilter): Promise<number>;
  batch(filter: OrderExportFilter, after: OrderExportCursor | null, size: number): Promise<OrderExportBatch>;
}

export const ORDER_EXPORT_READER = Symbol('ORDER_EXPORT_READER');
