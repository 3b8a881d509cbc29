import { Inject, Injectable } from '@nestjs/common';
import { StockService } from '../../catalogue/index.js';
import { EnquiryService, NewsletterAdminService, type EnquiryView, type NewsletterSubscriberView } from '../../content/index.js';
import { UserAdministrationService } from '../../identity/index.js';
import { EXPORT_TIME_ZONE, type OrderStatus } from '../../orders/index.js';
import { salesPeriods } from './sales-calendar.js';
import { PAYMENT_TERMS_DAYS } from '../../../config/company.js';
import { ORDER_DASHBOARD_READS, type OrderDashboardReads, type PeriodRange, type SalesFigures } from './ports/order-dashboard-reads.port.js';

/** Options with this many or fewer left are "low". */
export const LOW_STOCK_THRESHOLD = 5;
export const SALES_DAYS = 30;
/** Rows in each of the dashboard's short lists. */
export const DASHBOARD_ROWS = 5;
const DAY_MS = 86_400_000;

export interface SalesView {
  orders: number;
  total_ex_vat: number;
  total_inc_vat: number;
}

export interface DashboardView {
  generated_at: string;
  time_zone: string;
  sales: { today: SalesView & { date: string }; this_month: SalesView & { from: string } };
  awaiting_dispatch: {
    count: number;
    oldest: Array<{ id: number; number: string; status: OrderStatus; grand_total: number; created_at: string; customer: { id: number; email: string | null } }>;
  };
  overdue_invoices: {
    count: number;
    amount_outstanding: number;
    oldest: Array<{
      id: number; number: string; invoice_number: string | null; invoice_date: string; due_date: string; grand_total: number;
      amount_outstanding: number; customer: { id: number; email: string | null };
    }>;
  };
  /** Null for a staff role that does not reach the catalogue (ADR 0044). */
  low_stock: {
    threshold: number;
    count: number;
    options: Array<{ option_id: number; option_name: string; code: string; qty: number; product: { id: number; title: string } }>;
  } | null;
  /** Null for a staff role that does not reach content, like the sign-ups. */
  recent_enquiries: EnquiryView[] | null;
  recent_newsletter_signups: NewsletterSubscriberView[] | null;
  sales_by_day: Array<SalesView & { date: string }>;
}

const sales = (figures: SalesFigures): SalesView => ({ orders: figures.orders, total_ex_vat: figures.totalExVat, total_inc_vat: figures.totalIncVat });

/**
 * The Administration Portal's dashboard (ADR 0023): the order figures from the reporting module's SQL reads over the
 * orders tables (a read side: it never changes an order; ADR 0036), low stock
 * from the catalogue, the latest enquiries and sign-ups from content — each module answering for its own data
 * through its public face, composed here in one call. A fixed number of queries whatever the shop's size.
 */
@Injectable()
export class DashboardService {
  constructor(
    @Inject(ORDER_DASHBOARD_READS) private readonly reads: OrderDashboardReads,
    private readonly users: UserAdministrationService,
    private readonly stock: StockService,
    private readonly enquiries: EnquiryService,
    private readonly newsletter: NewsletterAdminService,
  ) {}

  /**
   * `sees` says which areas the viewer's staff role reaches (ADR 0044): the dashboard is the orders role's front page
   * too, and low stock (catalogue), enquiries and sign-ups (content) are left out — not even read — for a role without them.
   */
  async figures(now = new Date(), sees: (area: 'catalogue' | 'content') => boolean = () => true): Promise<DashboardView> {
    // The last 30 UK days (today last) and this month: one statement for all 31 periods.
    const { days, month } = salesPeriods(now, SALES_DAYS);
    const periods: PeriodRange[] = [...days, month];

    // One after another: on the embedded database there is one connection anyway, and the queries are small.
    const figures = await this.reads.salesIn(periods);
    const dispatch = await this.reads.awaitingDispatch(DASHBOARD_ROWS);
    const overdue = await this.reads.overdueInvoices(new Date(now.getTime() - PAYMENT_TERMS_DAYS * DAY_MS), DASHBOARD_ROWS);
    const low = sees('catalogue') ? await this.stock.lowStock(LOW_STOCK_THRESHOLD, DASHBOARD_ROWS) : null;
    const enquiries = sees('content') ? await this.enquiries.list({ page: 1, perPage: DASHBOARD_ROWS }) : null;
    const signups = sees('content') ? await this.newsletter.list({ page: 1, perPage: DASHBOARD_ROWS }) : null;
    const emails = await this.users.emailsOf([...new Set([...dispatch.oldest, ...overdue.oldest].map((row) => row.customerId))]);
    const customer = (id: number) => ({ id, email: emails.get(id) ?? null });
    const byDay = days.map((day, index) => ({ date: day.date, ...sales(figures[index]!) }));
    return {
      generated_at: now.toISOString(),
      time_zone: EXPORT_TIME_ZONE,
      sales: { today: byDay[byDay.length - 1]!, this_month: { from: month.date, ...sales(figures[SALES_DAYS]!) } },
      awaiting_dispatch: {
        count: dispatch.count,
        oldest: dispatch.oldest.map((row) => ({
          id: row.id, number: row.number, status: row.status, grand_total: row.grandTotal, created_at: row.createdAt.toISOString(), customer: customer(row.customerId),
        })),
      },
      overdue_invoices: {
        count: overdue.count,
        amount_outstanding: overdue.outstanding,
        oldest: overdue.oldest.map((row) => ({
          id: row.id, number: row.number, invoice_number: row.invoiceNumber, invoice_date: row.invoiceDate.toISOString(),
          due_date: new Date(row.invoiceDate.getTime() + PAYMENT_TERMS_DAYS * DAY_MS).toISOString(), grand_total: row.grandTotal,
          amount_outstanding: row.outstanding, customer: customer(row.customerId),
        })),
      },
      low_stock: low && {
        threshold: LOW_STOCK_THRESHOLD,
        count: low.count,
        options: low.rows.map((row) => ({
          option_id: row.option_id, option_name: row.option_name, code: row.code, qty: row.qty, product: { id: row.product_id, title: row.product_title },
        })),
      },
      recent_enquiries: enquiries?.data ?? null,
      recent_newsletter_signups: signups?.data ?? null,
      sales_by_day: byDay,
    };
  }
}
