import { Inject, Injectable } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { UserAdministrationService, UserDirectory } from '../../identity/index.js';
import type { Order } from '../domain/order.entity.js';
import type { OrderStatus } from '../domain/order-process.js';
import { OrderProcess } from './order-process.service.js';
import { OrderViewAddons } from './order-view-addons.js';
import { toAdminOrderView, toOrderSummary, type AdminOrderSummaryView, type AdminOrderView } from './order-views.js';
import { ORDER_REPOSITORY, type OrderRepository } from './ports/order-repository.port.js';
import { ORDER_READS, type OrderReads } from './ports/order-reads.port.js';
import { ORDER_REFUND_STORE, type OrderRefundStore } from './ports/order-refund-store.port.js';
import { ChangesStorefront } from '../../../platform/cache/index.js';

export interface AdminOrderListQuery {
  search?: string;
  status?: OrderStatus;
  /** Only orders whose physical goods wait for dispatch (the dashboard's "To dispatch" list). */
  toDispatch?: boolean;
  /** One customer's orders only (the user edit page's tab). */
  customerId?: number;
  createdFrom?: Date;
  createdBefore?: Date;
  page: number;
  perPage: number;
}

/** Customers a search term can name by e-mail: enough for one staff search, not a way to list everybody. */
const EMAIL_MATCH_LIMIT = 200;

/** Orders for staff: search, detail with history and the customer's e-mail, and status changes. */
@Injectable()
export class OrderAdminService {
  constructor(
    @Inject(ORDER_REPOSITORY) private readonly orders: OrderRepository,
    @Inject(ORDER_READS) private readonly reads: OrderReads,
    private readonly process: OrderProcess,
    private readonly users: UserAdministrationService,
    private readonly directory: UserDirectory,
    @Inject(ORDER_REFUND_STORE) private readonly refunds: OrderRefundStore,
    private readonly addons: OrderViewAddons,
    private readonly env: Environment,
  ) {}

  /**
   * Search by order number, PO number or customer e-mail (identity finds the customers); newest first. The total is
   * exact for the whole list and a status alone (ADR 0077); for other filters exact up to ORDERS_EXACT_TOTAL_UP_TO
   * matches, an estimate past it (`total_exact: false`, ADR 0054).
   */
  async list(query: AdminOrderListQuery): Promise<Page<AdminOrderSummaryView>> {
    const term = query.search?.trim();
    const customerIds = term && term.length >= 3 ? await this.customersMatching(term) : [];
    const { orders, total, totalExact } = await this.reads.search(
      { search: term, customerIds, customerId: query.customerId, status: query.status, toDispatch: query.toDispatch, createdFrom: query.createdFrom, createdBefore: query.createdBefore },
      (query.page - 1) * query.perPage, query.perPage, this.env.ORDERS_EXACT_TOTAL_UP_TO,
    );
    const emails = await this.emailsOf(orders);
    return pageOf(
      orders.map((order) => ({ ...toOrderSummary(order), customer: { id: order.customerId, email: emails.get(order.customerId) ?? null } })),
      total, query.page, query.perPage, totalExact,
    );
  }

  async get(id: number): Promise<AdminOrderView> {
    const order = await this.orders.findById(id);
    if (!order) throw new NotFoundError('Order');
    return this.view(order);
  }

  /** Any change the process allows staff (409 otherwise); cancelling and refunds before dispatch give the stock back. */
  @ChangesStorefront()
  async transition(
    id: number, to: string, staffId: number, details: { note?: string | null; noteVisible?: boolean; trackingNumber?: string | null },
  ): Promise<AdminOrderView> {
    const order = await this.process.transition(id, to, 'staff', {
      actorUserId: staffId, note: details.note, noteVisible: details.noteVisible, trackingNumber: details.trackingNumber,
    });
    return this.view(order);
  }

  private async view(order: Order): Promise<AdminOrderView> {
    const [lines, history, emails, payments, refunds] = await Promise.all([
      this.orders.linesOf(order.id), this.reads.historyOf(order.id), this.emailsOf([order]), this.orders.paymentsOf(order.id), this.refunds.refundsOf(order.id),
    ]);
    // Who did each change, by name (identity's directory, one query for the page).
    const names = await this.directory.displayNames([...new Set(history.flatMap((entry) => (entry.actorId === null ? [] : [entry.actorId])))]);
    const view = toAdminOrderView(order, lines, history, emails.get(order.customerId) ?? null, payments, names, refunds);
    // Staff see what the customer sees of other modules' fields (an open-course order's `places` and delegates).
    const added = await this.addons.fieldsFor({ orderId: order.id, customerId: order.customerId, status: order.status, books: lines.some((line) => line.bookingRef !== null) }, Object.keys(view));
    return { ...view, ...added };
  }

  private customersMatching(term: string): Promise<number[]> {
    return this.users.idsWithEmailContaining(term, EMAIL_MATCH_LIMIT);
  }

  /** E-mails of the customers on one page of orders, in one query. */
  private emailsOf(orders: readonly Pick<Order, 'customerId'>[]): Promise<Map<number, string>> {
    return this.users.emailsOf([...new Set(orders.map((order) => order.customerId))]);
  }
}
