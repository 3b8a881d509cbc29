import { useData } from 'vike-react/useData';
import { OrderResult } from '../../components/orders/OrderResult.js';
import { UnpaidOrderActions } from '../../components/orders/UnpaidOrderActions.js';
import { isPaid } from '../../lib/orders.js';
import type { Data } from './+data.js';

/**
 * Where the payment page's Cancel returns to (`/cancelled?order={id}`). Cancelling payment does not cancel the
 * order at once: it waits for payment until the payment timeout, then is cancelled and its stock returned. The page
 * says what is true now, whatever the browser came back from.
 */
export default function Page() {
  const { order } = useData<Data>();
  const paid = isPaid(order.status);
  return (
    <OrderResult page="cancelled" order={order} tone={paid ? 'paid' : 'ended'} next={{ href: '/contact', label: 'Contact us' }}>
      {paid ? (
        <>
          <h1>Your order is paid</h1>
          <p>
            Order <strong>{order.number}</strong> has been paid, so there is nothing to cancel. <a href={`/complete?order=${order.id}`}>See your order</a>.
          </p>
        </>
      ) : order.status === 'pending_payment' ? (
        <>
          <h1>Payment cancelled</h1>
          <p>
            You have not been charged. Order <strong>{order.number}</strong> has not been paid: pay it now, or cancel it. If it stays unpaid it is
            cancelled automatically within 30 minutes and its items go back on sale.
          </p>
          <UnpaidOrderActions order={order} />
        </>
      ) : (
        <>
          <h1>Order cancelled</h1>
          <p>
            Order <strong>{order.number}</strong> has been cancelled and you have not been charged. If you still need these items, please add them to your
            basket again.
          </p>
        </>
      )}
    </OrderResult>
  );
}
