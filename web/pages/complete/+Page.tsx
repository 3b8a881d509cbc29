import { useEffect, useState } from 'react';
import { useData } from 'vike-react/useData';
import type { OrderView } from '../../../src/modules/orders/index.js';
import { OrderResult } from '../../components/orders/OrderResult.js';
import { apiFetch } from '../../lib/api.js';
import { formatDateTime } from '../../lib/format.js';
import { isPaid } from '../../lib/orders.js';
import type { Data } from './+data.js';

/** How often the page asks whether the payment has been confirmed, and for how long before it says so. */
const POLL_INTERVAL_MS = 2000;
const POLL_FOR_MS = 3 * 60 * 1000;

/**
 * Where the payment page returns to (`/complete?order={id}`). Coming back here proves nothing: only the provider's
 * signed webhook marks an order paid. So the page shows the order's real state and, while it still awaits payment,
 * asks the API every 2 seconds until the webhook has landed (usually within a second or two).
 */
export default function Page() {
  const { order: initial } = useData<Data>();
  const [order, setOrder] = useState<OrderView>(initial);
  const [gaveUp, setGaveUp] = useState(false);
  const waiting = order.status === 'pending_payment';

  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await apiFetch<OrderView>(`/api/orders/${order.id}`);
        if (stopped) return;
        if (next.status !== 'pending_payment') return setOrder(next);
      } catch {
        // A failed poll is not an answer: try again on the next tick.
      }
      if (stopped) return;
      if (Date.now() - started > POLL_FOR_MS) return setGaveUp(true);
      timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, order.id]);

  const paid = isPaid(order.status);
  const onAccount = order.status === 'awaiting_payment';
  const physical = order.delivery_address !== null;
  const links = paid || onAccount ? <ThankYouLinks order={order} /> : null;
  return (
    <OrderResult page="complete" order={order} tone={paid || onAccount ? 'paid' : waiting ? 'waiting' : 'ended'} next={{ href: '/account', label: 'Your account' }}>
      {onAccount ? (
        <>
          <h1>Thank you for your order</h1>
          <p>
            Order <strong>{order.number}</strong> is placed on your account against PO <strong>{order.po_number}</strong>. We have e-mailed VAT
            invoice <strong data-invoice-number="">{order.invoice?.number}</strong>
            {order.due_date ? <>, payable by BACS by {formatDateTime(order.due_date).split(',')[0]}</> : null}.{' '}
            {physical ? 'We will let you know when it is on its way.' : 'Your downloads are ready in your account.'}
          </p>
          {links}
        </>
      ) : paid ? (
        <>
          <h1>Thank you for your order</h1>
          <p>
            We have received your payment for order <strong>{order.number}</strong>.{' '}
            {physical ? 'We will let you know when it is on its way.' : 'Downloads and online training are delivered electronically: nothing will come by post.'}
          </p>
          {links}
        </>
      ) : waiting ? (
        <>
          <h1>Confirming your payment…</h1>
          <p>
            {gaveUp
              ? 'This is taking longer than usual. If you completed the payment, your order will be marked as paid as soon as the confirmation reaches us; refresh this page to check.'
              : `We are waiting for the payment provider to confirm the payment for order ${order.number}. This page updates by itself.`}
          </p>
          {!gaveUp ? <span className="order-result__spinner" aria-hidden="true" /> : null}
        </>
      ) : (
        <>
          <h1>This order was not completed</h1>
          <p>
            Order <strong>{order.number}</strong> has been {order.status === 'refunded' ? 'refunded' : 'cancelled'}. You have not been charged for
            it; if you still need these items, please add them to your basket again.
          </p>
        </>
      )}
    </OrderResult>
  );
}

/** What a paid (or on-account) order gives at once: its files, when it has any, and its VAT invoice (issue 28). */
function ThankYouLinks({ order }: { order: OrderView }) {
  const downloads = order.lines.some((line) => line.kind === 'download');
  if (!downloads && !order.invoice) return null;
  return (
    <ul className="order-result__links" data-thank-you-links="">
      {downloads ? (
        <li>
          <a href="/account/downloads" data-thank-you-downloads="">
            Download your files
          </a>
        </li>
      ) : null}
      {order.invoice ? (
        <li>
          <a href={`/api/orders/${order.id}/invoice.pdf`} download={`${order.invoice.number}.pdf`} data-thank-you-invoice="">
            VAT invoice {order.invoice.number} (PDF)
          </a>
        </li>
      ) : null}
    </ul>
  );
}
