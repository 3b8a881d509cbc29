import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { toOrderSummary, toOrderView, type OrderSummaryView, type OrderView } from './order-views.js';
import { ORDER_STORE, type OrderStore } from './ports/order-store.port.js';

/** A customer's own orders. Another customer's order is "not found", never "forbidden": its existence is not told. */
@Injectable()
export class OrderService {
  constructor(@Inject(ORDER_STORE) private readonly orders: OrderStore) {}

  async listForCustomer(customerId: number, page: number, perPage: number): Promise<Page<OrderSummaryView>> {
    const { orders, total } = await this.orders.listForCustomer(customerId, (page - 1) * perPage, perPage);
    return pageOf(orders.map(toOrderSummary), total, page, perPage);
  }

  async findForCustomer(customerId: number, orderId: number): Promise<OrderView> {
    const order = Number.isSafeInteger(orderId) && orderId > 0 && orderId <= 2_147_483_647 ? await this.orders.findById(orderId) : null;
    if (!order || order.customerId !== customerId) throw new NotFoundError('Order');
    const [lines, history] = await Promise.all([this.orders.linesOf(order.id), this.orders.historyOf(order.id)]);
    return toOrderView(order, lines, history);
  }
}
