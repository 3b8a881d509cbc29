import type { OrderSummaryView } from '../../../src/modules/orders/index.js';
import { formatDateTime } from '../../lib/format.js';
import { formatPounds } from '../../lib/money.js';
import { STATUS_LABELS } from '../../lib/orders.js';
import './OrderSummary.css';

/** The customer's orders as a table: number (to the order), when, status, PO, total inc VAT and the invoice. */
export function OrderList({ orders, caption }: { orders: readonly OrderSummaryView[]; caption: string }) {
  return (
    <div className="table-wrap" role="region" aria-labelledby="orders-caption" tabIndex={0}>
      <table className="table table--cards order-list" data-orders="">
        <caption id="orders-caption" className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Status</th>
            <th scope="col">Your PO</th>
            <th scope="col" className="order-list__num">
              Total inc VAT
            </th>
            <th scope="col">Invoice</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-order-row={order.id}>
              <th scope="row" className="order-list__number">
                <a href={`/account/orders/${order.id}`}>{order.number}</a>
              </th>
              <td data-label="Placed">{formatDateTime(order.created_at)}</td>
              <td data-label="Status">
                <span className={`order-status order-status--${order.status}`} data-order-status={order.status}>
                  {STATUS_LABELS[order.status]}
                </span>
              </td>
              <td data-label="Your PO">{order.po_number ?? '—'}</td>
              <td data-label="Total inc VAT" className="order-list__num">
                {formatPounds(order.grand_total)}
              </td>
              <td data-label="Invoice">
                {order.invoice_number ? (
                  <a href={`/api/orders/${order.id}/invoice.pdf`} data-invoice-link={order.id} target="_blank" rel="noopener">
                    {order.invoice_number}
                    <span className="visually-hidden"> (PDF, opens in a new tab)</span>
                  </a>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
