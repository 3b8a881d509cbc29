import type { ReactNode } from 'react';
import type { OrderView } from '../../../src/modules/orders/index.js';
import { OrderSummary } from './OrderSummary.js';
import './OrderResult.css';

export type OrderResultTone = 'paid' | 'waiting' | 'ended';

/**
 * The page a customer lands on from the payment page (/complete, /cancelled): a banner saying what is true of the
 * order now (announced as a status), the order itself, and where to go next.
 */
export function OrderResult({
  page,
  order,
  tone,
  children,
  next,
}: {
  page: string;
  order: OrderView;
  tone: OrderResultTone;
  children: ReactNode;
  next: { href: string; label: string };
}) {
  return (
    <div className="container order-result" data-page={page}>
      <div className={`order-result__banner order-result__banner--${tone}`} role="status" data-order-result={order.status}>
        {children}
      </div>
      <OrderSummary order={order} />
      <p className="order-result__actions">
        <a className="button" href="/category">
          Continue shopping
        </a>
        <a className="button button--secondary" href={next.href}>
          {next.label}
        </a>
      </p>
    </div>
  );
}
