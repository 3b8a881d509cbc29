import { Inject, Injectable } from '@nestjs/common';
import type { BasketView } from '../../basket/index.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { toOrderSummary, toOrderView, type OrderSummaryView, type OrderView } from './order-views.js';
import { CHECKOUT_BASKET, type CheckoutBasket } from './ports/checkout-basket.port.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';
import { ORDER_READS, type OrderReads } from './ports/order-reads.port.js';
import type { Order } from '../domain/order.entity.js';
import { lineDescription } from '../domain/line-description.js';
import { OrderViewAddons } from './order-view-addons.js';
import { isId } from '../../../shared/contracts/ids.js';

/** A customer's own orders. Another customer's order is "not found", never "forbidden": its existence is not told. */
@Injectable()
export class OrderService {
  constructor(
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    @Inject(ORDER_READS) private readonly reads: OrderReads,
    @Inject(CHECKOUT_BASKET) private readonly basket: CheckoutBasket,
    private readonly addons: OrderViewAddons,
  ) {}

  async listForCustomer(customerId: number, page: number, perPage: number): Promise<Page<OrderSummaryView>> {
    const { orders, total } = await this.reads.listForCustomer(customerId, (page - 1) * perPage, perPage);
    return pageOf(orders.map(toOrderSummary), total, page, perPage);
  }

  /** The order with the fields other modules add to it (OrderViewAddons: an open-course order's `places`). */
  async findForCustomer(customerId: number, orderId: number): Promise<OrderView> {
    const found = isId(orderId) ? await this.reads.customerOrder(customerId, orderId) : null;
    if (!found) throw new NotFoundError('Order');
    const { order, lines, history, refunds } = found;
    const view = toOrderView(order, lines, history, refunds);
    const added = await this.addons.fieldsFor({ orderId: order.id, customerId: order.customerId, status: order.status, books: lines.some((line) => line.bookingRef !== null) }, Object.keys(view));
    return { ...view, ...added };
  }

  /**
   * "Buy again": the order's lines back in the basket at today's prices and stock (the basket reads both from
   * the catalogue; the order's snapshot only says which options and how many). Any order of the customer's may
   * be bought again, a cancelled one too.
   */
  async buyAgain(customerId: number, orderId: number, guestToken: string | null): Promise<BasketView> {
    const order = await this.ownOrder(customerId, orderId);
    const lines = await this.orders.linesOf(order.id);
    return this.basket.addLines(customerId, guestToken, lines.map((line) => ({
      optionId: line.optionId, qty: line.qty, label: lineDescription(line.title, line.optionName),
    })));
  }

  private async ownOrder(customerId: number, orderId: number): Promise<Order> {
    const order = isId(orderId) ? await this.orders.findById(orderId) : null;
    if (!order || order.customerId !== customerId) throw new NotFoundError('Order');
    return order;
  }
}
