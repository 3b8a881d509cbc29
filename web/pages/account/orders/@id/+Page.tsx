import { useRef, useState } from 'react';
import { useData } from 'vike-react/useData';
import type { OrderView } from '../../../../../src/modules/orders/index.js';
import { AccountNav } from '../../../../components/AccountNav.js';
import { Notice } from '../../../../components/Notice.js';
import { OrderSummary } from '../../../../components/orders/OrderSummary.js';
import { UnpaidOrderActions } from '../../../../components/orders/UnpaidOrderActions.js';
import { SessionChangeChoice } from '../../../../components/course/SessionChangeChoice.js';
import { errorBodyOf } from '../../../../lib/api.js';
import { basketApi, itemCount } from '../../../../lib/basket.js';
import { formatDateTime } from '../../../../lib/format.js';
import type { Data } from './+data.js';
import { CourseDelegates } from './CourseDelegates.js';
import './order-page.css';

interface BuyAgainResult {
  key: number;
  kind: 'success' | 'error';
  text: string;
  messages: string[];
}

/** What happened to the order, oldest first: a plain sentence per status change, and the notes staff chose to show. */
function History({ order }: { order: OrderView }) {
  return (
    <section className="order-page__panel" aria-labelledby="order-history-heading">
      <h2 id="order-history-heading">History</h2>
      <ol className="order-history" data-order-history="">
        {order.history.map((entry, index) => (
          <li key={index} className="order-history__entry">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            <span className="order-history__what">{entry.text}</span>
            {entry.note ? <span className="order-history__note">{entry.note}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Delivery: the service chosen, where to, and the tracking number once dispatched. */
function Delivery({ order }: { order: OrderView }) {
  return (
    <section className="order-page__panel" aria-labelledby="order-delivery-heading">
      <h2 id="order-delivery-heading">Delivery</h2>
      {order.delivery_address ? (
        <>
          <p>{order.delivery?.name ?? 'Delivery'}</p>
          {order.tracking_number ? (
            <p>
              Tracking number: <strong data-order-tracking="">{order.tracking_number}</strong>
            </p>
          ) : (
            <p className="order-page__muted">We will show the tracking number here once the parcel is on its way.</p>
          )}
        </>
      ) : (
        order.lines.every((line) => line.kind === 'course') ? (
          <p data-order-delivery-courses="">Nothing comes by post: each delegate named on this order is e-mailed joining instructions for their course date.</p>
        ) : (
          <p>Digital delivery: downloads are in <a href="/account/downloads">your downloads</a> once the order is paid; nothing comes by post.</p>
        )
      )}
      {order.notes ? (
        <p>
          Your notes: <span data-order-notes="">{order.notes}</span>
        </p>
      ) : null}
    </section>
  );
}

/** `/account/orders/{id}`: one of the customer's orders with its documents, delivery, history, and "Buy again". */
export default function Page() {
  const { order, sessionChanges, delegates } = useData<Data>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BuyAgainResult | null>(null);
  const seq = useRef(0);

  async function buyAgain() {
    if (busy) return;
    setBusy(true);
    try {
      const basket = await basketApi.buyAgain(order.id);
      setResult({
        key: ++seq.current, kind: 'success', messages: basket.messages,
        text: `The items of order ${order.number} are in your basket, at today's prices. Your basket now holds ${itemCount(basket.totals.items)}.`,
      });
    } catch (error) {
      setResult({ key: ++seq.current, kind: 'error', text: errorBodyOf(error).message ?? 'The items could not be added to your basket. Please try again.', messages: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container account-page order-page" data-page="account-order">
      <p className="order-page__back">
        <a href="/account/orders">← All your orders</a>
      </p>
      <h1>Order {order.number}</h1>
      <AccountNav />
      <p className="account-page__lead">Placed on {formatDateTime(order.created_at)}.</p>
      {order.status === 'pending_payment' ? (
        <p className="order-page__unpaid" data-order-unpaid="">
          This order is waiting for payment: pay now, or cancel it and its items go back on sale.
        </p>
      ) : null}
      <UnpaidOrderActions order={order} />
      <SessionChangeChoice orderId={order.id} places={sessionChanges} />

      <div className="order-page__actions" data-order-actions="">
        {order.invoice ? (
          <a className="button" href={`/api/orders/${order.id}/invoice.pdf`} download={`${order.invoice.number}.pdf`} data-download-invoice="">
            Download invoice (PDF)
          </a>
        ) : (
          <span className="order-page__muted" data-no-invoice="">
            The VAT invoice will be here once the order is paid.
          </span>
        )}
        {order.credit_note ? (
          <a className="button button--secondary" href={`/api/orders/${order.id}/credit-note.pdf`} download={`${order.credit_note.number}.pdf`} data-download-credit-note="">
            Download credit note (PDF)
          </a>
        ) : null}
        <button type="button" className="button button--secondary" onClick={() => void buyAgain()} disabled={busy} aria-busy={busy} data-buy-again="">
          {busy ? 'Adding…' : 'Buy again'}
        </button>
      </div>
      {result ? (
        <div data-buy-again-result={result.kind}>
        <Notice key={result.key} kind={result.kind} autoHideMs={result.messages.length > 0 ? false : undefined}>
          <span>{result.text}</span>
          {result.messages.length > 0 ? (
            <ul className="order-page__messages">
              {result.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
          {result.kind === 'success' ? (
            <>
              {' '}
              <a href="/basket">View basket and checkout</a>
            </>
          ) : null}
        </Notice>
        </div>
      ) : null}

      {order.invoice ? (
        <p className="order-page__muted" data-invoice-number="">
          VAT invoice {order.invoice.number} of {formatDateTime(order.invoice.date)}
          {order.credit_note ? `; credit note ${order.credit_note.number} of ${formatDateTime(order.credit_note.date)}` : ''}.
          {order.due_date && !order.paid_at && !order.credit_note ? (
            <strong data-payment-due="">
              {' '}
              Payment due by {formatDateTime(order.due_date).split(',')[0]}, by BACS quoting {order.invoice.number} (bank details on the invoice).
            </strong>
          ) : null}
        </p>
      ) : null}

      <OrderSummary order={order} />
      {delegates ? <CourseDelegates initial={delegates} /> : null}
      <div className="order-page__panels">
        <Delivery order={order} />
        <History order={order} />
      </div>
    </div>
  );
}
