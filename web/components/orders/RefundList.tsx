import type { OrderView } from '../../../src/modules/orders/index.js';
import { formatDateTime } from '../../lib/format.js';
import { formatPounds } from '../../lib/money.js';

/**
 * An order's refunds (issue 28 item 7, ADR 0045), oldest first: when, what, how much with VAT, and the credit note of
 * each. `documentsAt`: where the credit notes are (the customer's `/api/orders/{id}` or the portal's admin path).
 */
export function RefundList({ order, documentsAt }: { order: Pick<OrderView, 'id' | 'lines' | 'refunds'>; documentsAt: string }) {
  if (order.refunds.length === 0) return null;
  const titles = new Map(order.lines.map((line) => [line.id, line.option_name ? `${line.title} (${line.option_name})` : line.title]));
  return (
    <section className="order-refunds" aria-labelledby={`order-refunds-${order.id}`} data-order-refunds="">
      <h3 id={`order-refunds-${order.id}`}>Refunds</h3>
      <ul className="order-refunds__list">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="order-refunds__item" data-refund={refund.credit_note_number}>
            <div className="order-refunds__head">
              <time dateTime={refund.date}>{formatDateTime(refund.date)}</time>
              <strong>{formatPounds(refund.gross)}</strong>
              <span className="order-refunds__vat">incl. VAT {formatPounds(refund.vat)}</span>
            </div>
            <p className="order-refunds__what">
              {[...refund.lines.map((line) => `${line.qty} × ${titles.get(line.line_id) ?? 'item'}`), ...(refund.delivery ? ['Delivery charge'] : [])].join(', ')}
            </p>
            <a href={`${documentsAt}/refunds/${refund.id}/credit-note.pdf`} download={`${refund.credit_note_number}.pdf`} data-refund-credit-note="">
              Credit note {refund.credit_note_number} (PDF)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
