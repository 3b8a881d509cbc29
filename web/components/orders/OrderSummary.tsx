import type { OrderAddress, OrderView } from '../../../src/modules/orders/index.js';
import { formatPounds } from '../../lib/money.js';
import { STATUS_LABELS } from '../../lib/orders.js';
import { RefundList } from './RefundList.js';
import './OrderSummary.css';

function AddressBlock({ title, address }: { title: string; address: OrderAddress }) {
  const parts = [address.name, address.company, address.line1, address.line2, address.town, address.county, address.postcode];
  return (
    <div className="order-summary__address">
      <h3>{title}</h3>
      <address>
        {parts
          .filter((part): part is string => Boolean(part))
          .map((part, index) => (
            <span key={index}>{part}</span>
          ))}
      </address>
    </div>
  );
}

/** An order as its customer sees it: number, status, PO, lines, totals with VAT, addresses (snapshots, never live). */
export function OrderSummary({ order, staff = false }: { order: Omit<OrderView, 'history'>; /** The portal's view: "PO number", not "Your PO number". */ staff?: boolean }) {
  return (
    <section className="order-summary" aria-labelledby="order-summary-heading" data-order={order.id}>
      <div className="order-summary__head">
        <h2 id="order-summary-heading">
          Order <span data-order-number="">{order.number}</span>
        </h2>
        <span className="order-summary__badges">
          <span className={`order-status order-status--${order.status}`} data-order-status={order.status}>
            {STATUS_LABELS[order.status]}
          </span>
          {order.partly_refunded ? (
            <span className="order-status order-status--partly_refunded" data-order-partly-refunded="">
              Partly refunded
            </span>
          ) : null}
        </span>
      </div>
      {order.po_number ? (
        <p className="order-summary__po">
          {staff ? 'PO number' : 'Your PO number'}: <strong data-order-po="">{order.po_number}</strong>
        </p>
      ) : null}
      <table className="order-summary__lines">
        <caption className="visually-hidden">Items ordered, prices excluding VAT</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="order-summary__num">
              Qty
            </th>
            <th scope="col" className="order-summary__num order-summary__unit">
              Unit price
            </th>
            <th scope="col" className="order-summary__num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={index}>
              <th scope="row">
                {line.title}
                <span className="order-summary__option">
                  {line.option_name} · <span className="product-code">{line.code}</span>
                </span>
                {line.booking && (
                  <span className="order-summary__option" data-order-booking="">
                    {line.booking}
                  </span>
                )}
              </th>
              <td className="order-summary__num">{line.qty}</td>
              <td className="order-summary__num order-summary__unit">{formatPounds(line.unit_price)}</td>
              <td className="order-summary__num">{formatPounds(line.line_total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Subtotal ex VAT
            </th>
            <td className="order-summary__num">{formatPounds(order.totals.subtotal)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              {order.delivery?.name ?? (order.delivery_address ? 'Delivery' : 'Digital delivery')}
            </th>
            <td className="order-summary__num">{order.totals.delivery === 0 ? 'Free' : formatPounds(order.totals.delivery)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              VAT at 20%
            </th>
            <td className="order-summary__num">{formatPounds(order.totals.vat)}</td>
          </tr>
          <tr className="order-summary__grand">
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className="order-summary__num" data-order-total="">
              {formatPounds(order.totals.grand_total)}
            </td>
          </tr>
        </tfoot>
      </table>
      <RefundList order={order} documentsAt={`${staff ? '/api/admin/orders' : '/api/orders'}/${order.id}`} />
      <div className="order-summary__addresses">
        <AddressBlock title="Billing address" address={order.billing_address} />
        {order.delivery_address ? <AddressBlock title="Delivery address" address={order.delivery_address} /> : null}
      </div>
    </section>
  );
}
