import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { DashboardView } from '../../../../src/modules/reporting/index.js';
import { apiFetch } from '../../../lib/api.js';
import { formatDateTime } from '../../../lib/format.js';
import { formatPounds } from '../../../lib/money.js';
import { Link } from '../../kit/links.js';
import { LoadError, Loading } from '../../kit/states.js';
import { StatusBadge } from '../orders/StatusBadge.js';
import { SalesChart } from './SalesChart.js';
import './dashboard.css';

const DASHBOARD = '/api/admin/dashboard';
const ukDate = (date: string) => new Date(`${date.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `/admin`: what staff look at first each morning — sales, what to send, who owes us, what runs out, who wrote in. */
export function Component() {
  useEffect(() => {
    document.title = 'Dashboard | Administration Portal';
  }, []);
  // Figures move while the portal is open: refreshed every minute and when staff come back to the tab.
  const query = useQuery({ queryKey: [DASHBOARD], queryFn: () => apiFetch<DashboardView>(DASHBOARD), refetchInterval: 60_000, refetchOnWindowFocus: true });
  if (query.isPending) return <Loading />;
  if (!query.data) return <LoadError error={query.error} what="the dashboard" />;
  const d = query.data;
  return (
    <section className="admin-page admin-dashboard" data-admin-page="dashboard">
      <h1>Dashboard</h1>
      <div className="admin-dashboard__cards">
        <Card title="Today" link={{ to: `/admin/orders?from=${d.sales.today.date}`, label: 'Today’s orders' }} data="today">
          <p className="admin-card__figure">{formatPounds(d.sales.today.total_inc_vat)}</p>
          <p className="admin-card__detail">
            {d.sales.today.orders} order{d.sales.today.orders === 1 ? '' : 's'} · {formatPounds(d.sales.today.total_ex_vat)} ex VAT
          </p>
        </Card>
        <Card title="This month" link={{ to: `/admin/orders?from=${d.sales.this_month.from}`, label: 'This month’s orders' }} data="month">
          <p className="admin-card__figure">{formatPounds(d.sales.this_month.total_inc_vat)}</p>
          <p className="admin-card__detail">
            {d.sales.this_month.orders} order{d.sales.this_month.orders === 1 ? '' : 's'} · {formatPounds(d.sales.this_month.total_ex_vat)} ex VAT
          </p>
        </Card>
        <Card title="To dispatch" link={{ to: '/admin/orders?to_dispatch=true', label: 'Orders to dispatch' }} data="dispatch" warn={d.awaiting_dispatch.count > 0}>
          <p className="admin-card__figure">{d.awaiting_dispatch.count}</p>
          <p className="admin-card__detail">paid or processing, goods not yet sent</p>
        </Card>
        <Card title="Overdue invoices" link={{ to: '/admin/orders?status=awaiting_payment', label: 'Invoices due' }} data="overdue" warn={d.overdue_invoices.count > 0}>
          <p className="admin-card__figure">{d.overdue_invoices.count}</p>
          <p className="admin-card__detail">{formatPounds(d.overdue_invoices.amount_outstanding)} outstanding</p>
        </Card>
      </div>

      <section className="admin-panel" aria-labelledby="dashboard-sales">
        <h2 id="dashboard-sales">Sales, last {d.sales_by_day.length} days (inc VAT, UK days)</h2>
        <SalesChart days={d.sales_by_day} />
      </section>

      <div className="admin-dashboard__lists">
        <ListPanel title="Oldest orders to dispatch" empty="Nothing waiting: every order with goods has gone out." rows={d.awaiting_dispatch.oldest} data="dispatch">
          {(order) => (
            <li key={order.id}>
              <Link to={`/admin/orders/${order.id}`}>{order.number}</Link> <StatusBadge status={order.status} /> · {formatDateTime(order.created_at)} ·{' '}
              {order.customer.email} · {formatPounds(order.grand_total)}
            </li>
          )}
        </ListPanel>
        <ListPanel title="Overdue on-account invoices" empty="No invoice is overdue." rows={d.overdue_invoices.oldest} data="overdue">
          {(invoice) => (
            <li key={invoice.id}>
              <Link to={`/admin/orders/${invoice.id}`}>{invoice.invoice_number ?? invoice.number}</Link> · due {ukDate(invoice.due_date)} · {invoice.customer.email} ·{' '}
              <strong>{formatPounds(invoice.amount_outstanding)}</strong> outstanding
            </li>
          )}
        </ListPanel>
        {/* ADR 0044: a section of an area the staff role does not reach comes back null, and is left out. */}
        {d.low_stock && (
          <ListPanel title={`Low stock (${d.low_stock.threshold} or fewer left)`} empty="Nothing is running low." rows={d.low_stock.options} data="low-stock">
            {(option) => (
              <li key={option.option_id}>
                <Link to={`/admin/products/${option.product.id}?tab=options`}>{option.product.title}</Link> — {option.option_name} ({option.code}):{' '}
                <strong>{option.qty}</strong> left
              </li>
            )}
          </ListPanel>
        )}
        {d.recent_enquiries && (
          <ListPanel title="Recent enquiries" empty="No enquiries yet." rows={d.recent_enquiries} data="enquiries" more={{ to: '/admin/enquiries', label: 'All enquiries' }}>
            {(enquiry) => (
              <li key={enquiry.id}>
                <strong>{enquiry.name}</strong>
                {enquiry.company ? `, ${enquiry.company}` : ''} · {formatDateTime(enquiry.created_at)}
                <p className="admin-dashboard__excerpt">{enquiry.message.length > 140 ? `${enquiry.message.slice(0, 140)}…` : enquiry.message}</p>
              </li>
            )}
          </ListPanel>
        )}
        {d.recent_newsletter_signups && (
          <ListPanel title="Newsletter sign-ups" empty="No sign-ups yet." rows={d.recent_newsletter_signups} data="newsletter" more={{ to: '/admin/newsletter', label: 'All subscribers' }}>
            {(subscriber) => (
              <li key={subscriber.id}>
                {subscriber.email} · {formatDateTime(subscriber.created_at)}
                {subscriber.subscribed ? '' : ' (unsubscribed since)'}
              </li>
            )}
          </ListPanel>
        )}
      </div>
    </section>
  );
}

function Card({ title, children, link, warn, data }: { title: string; children: ReactNode; link: { to: string; label: string }; warn?: boolean; data: string }) {
  return (
    <section className={`admin-card${warn ? ' admin-card--warn' : ''}`} aria-label={title} data-admin-card={data}>
      <h2 className="admin-card__title">{title}</h2>
      {children}
      <Link className="admin-card__link" to={link.to}>
        {link.label} →
      </Link>
    </section>
  );
}

function ListPanel<T>({ title, empty, rows, children, more, data }: {
  title: string;
  empty: string;
  rows: readonly T[];
  children: (row: T) => ReactNode;
  more?: { to: string; label: string };
  data: string;
}) {
  return (
    <section className="admin-panel" aria-label={title} data-admin-dashboard-list={data}>
      <h2>{title}</h2>
      {rows.length === 0 ? <p className="admin-muted">{empty}</p> : <ul className="admin-dashboard__list">{rows.map(children)}</ul>}
      {more && (
        <p>
          <Link to={more.to}>{more.label} →</Link>
        </p>
      )}
    </section>
  );
}
