import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useParams } from 'react-router';
import { OrderSummary } from '../../../components/orders/OrderSummary.js';
import { apiFetch } from '../../../lib/api.js';
import { formFailure } from '../../../lib/form-errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { formatPounds } from '../../../lib/money.js';
import { resourceApi } from '../../api/admin-api.js';
import { Field } from '../../../components/forms/Field.js';
import { poundsToPence, penceToPounds } from '../../../components/forms/form-values.js';
import { Link } from '../../kit/links.js';
import { useNotify } from '../../kit/notifications.js';
import { LoadError, Loading } from '../../kit/states.js';
import { orders, type AdminOrderView } from './order.resource.js';
import { StatusBadge } from './StatusBadge.js';
import { HistoryPanel } from './order-history.panel.js';
import { NextSteps } from './order-next-steps.panel.js';
import { PlacesPanel } from './order-places.panel.js';
import { RefundPanel } from './order-refund.panel.js';
import './order-screens.css';

/** One order for staff: what was bought, where it goes, the allowed next steps, payments on account, documents, history. */
export function Component() {
  const { id } = useParams();
  const query = useQuery({ queryKey: [orders.api, id], queryFn: () => resourceApi.get<AdminOrderView>(orders, id!) });
  const order = query.data;
  useEffect(() => {
    if (order) document.title = `Order ${order.number} | Administration Portal`;
  }, [order]);
  if (query.isPending) return <Loading />;
  if (!order) return <LoadError error={query.error} what="this order" />;
  return (
    <section className="admin-page admin-order" data-admin-order={order.id}>
      <p className="admin-breadcrumb">
        <Link to={orders.screens}>← All orders</Link>
      </p>
      <div className="admin-page__header">
        <h1>
          Order {order.number} <StatusBadge status={order.status} />
          {order.partly_refunded && (
            <>
              {' '}
              <span className="admin-status admin-status--partly_refunded" data-admin-partly-refunded="">
                Partly refunded
              </span>
            </>
          )}
        </h1>
        <Documents order={order} />
      </div>
      <p className="admin-order__meta">
        Placed {formatDateTime(order.created_at)} by{' '}
        <Link to={`/admin/users/${order.customer.id}`}>{order.customer.email ?? `user ${order.customer.id}`}</Link>
        {' · '}
        {order.payment_method === 'invoice' ? 'On account (invoice)' : `Card${order.payment_provider ? ` via ${order.payment_provider}` : ''}`}
        {order.payment_reference ? ` · ${order.payment_reference}` : ''}
        {order.paid_at ? ` · paid ${formatDateTime(order.paid_at)}` : ''}
      </p>
      <div className="admin-order__grid">
        <div>
          <OrderSummary order={order} staff />
          <DeliveryPanel order={order} />
          <PlacesPanel order={order} />
        </div>
        <div>
          <NextSteps order={order} />
          <RefundPanel order={order} />
          {order.payment_method === 'invoice' && <PaymentsPanel order={order} />}
          <HistoryPanel order={order} />
        </div>
      </div>
    </section>
  );
}

function Documents({ order }: { order: AdminOrderView }) {
  return (
    <div className="admin-page__actions">
      {order.invoice && (
        <a className="button button--secondary" href={`${orders.api}/${order.id}/invoice.pdf`} target="_blank" rel="noopener" data-admin-invoice="">
          Invoice {order.invoice.number} (PDF)
        </a>
      )}
      {order.credit_note && (
        <a className="button button--secondary" href={`${orders.api}/${order.id}/credit-note.pdf`} target="_blank" rel="noopener" data-admin-credit-note="">
          Credit note {order.credit_note.number} (PDF)
        </a>
      )}
    </div>
  );
}

function DeliveryPanel({ order }: { order: AdminOrderView }) {
  return (
    <section className="admin-panel" aria-labelledby="admin-order-delivery">
      <h2 id="admin-order-delivery">Delivery</h2>
      {order.delivery ? (
        <p>
          {order.delivery.name} · {formatPounds(order.delivery.price)} ex VAT
        </p>
      ) : (
        <p>Nothing to post: the order has no physical goods.</p>
      )}
      {order.tracking_number && (
        <p>
          Tracking number: <strong data-admin-tracking="">{order.tracking_number}</strong>
        </p>
      )}
      {order.notes && (
        <p>
          Customer’s notes: <span>{order.notes}</span>
        </p>
      )}
    </section>
  );
}

/** Pay on account: BACS payments as they arrive on the bank statement; the order is paid once they cover the total. */
function PaymentsPanel({ order }: { order: AdminOrderView }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const formId = useId();
  const [amount, setAmount] = useState(order.amount_due > 0 ? penceToPounds(order.amount_due) : '');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const record = useMutation({
    mutationFn: (body: { amount: number; reference: string }) =>
      apiFetch<AdminOrderView>(`${orders.api}/${order.id}/payments`, { method: 'POST', body }),
    onSuccess: (updated) => {
      queryClient.setQueryData([orders.api, String(order.id)], updated);
      void queryClient.invalidateQueries({ queryKey: [orders.api] });
      setErrors({});
      setReference('');
      setAmount(updated.amount_due > 0 ? penceToPounds(updated.amount_due) : '');
      notify({ kind: 'success', message: updated.amount_due === 0 ? `Payment recorded: order ${updated.number} is paid.` : `Payment recorded: ${formatPounds(updated.amount_due)} still due.` });
    },
    onError: (error) => {
      const failure = formFailure(error);
      if (Object.keys(failure.errors).length > 0) setErrors(failure.errors);
      else notify({ kind: 'error', message: failure.message });
    },
  });
  const open = order.amount_due > 0 && order.status === 'awaiting_payment';
  return (
    <section className="admin-panel" aria-labelledby={`${formId}-heading`} data-admin-payments="">
      <h2 id={`${formId}-heading`}>Payments on account</h2>
      <p>
        Paid <strong data-admin-amount-paid="">{formatPounds(order.amount_paid)}</strong> of {formatPounds(order.totals.grand_total)}
        {order.amount_due > 0 && (
          <>
            {' '}
            · <strong data-admin-amount-due="">{formatPounds(order.amount_due)}</strong> due{order.due_date ? ` by ${formatDateTime(order.due_date)}` : ''}
          </>
        )}
      </p>
      {order.payments.length > 0 && (
        <table className="table">
          <caption className="visually-hidden">Payments received</caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Reference</th>
              <th scope="col" className="admin-table__numeric">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.payments.map((payment, index) => (
              <tr key={index}>
                <td>{formatDateTime(payment.received_at)}</td>
                <td>{payment.reference}</td>
                <td className="admin-table__numeric">{formatPounds(payment.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open && (
        <form
          className="admin-order__payment-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const pence = poundsToPence(amount);
            if (pence === null) {
              setErrors({ amount: ['Enter an amount in pounds, like 120.00.'] });
              return;
            }
            record.mutate({ amount: pence, reference: reference.trim() });
          }}
        >
          <h3>Record a BACS payment</h3>
          <Field field={{ name: 'amount', label: 'Amount received', kind: 'money', required: true }} value={amount} onChange={(value) => setAmount(String(value))} errors={errors.amount} />
          <Field
            field={{ name: 'reference', label: 'Reference on the bank statement', required: true, maxLength: 100 }}
            value={reference}
            onChange={(value) => setReference(String(value))}
            errors={errors.reference}
          />
          <button type="submit" className="button" disabled={record.isPending} data-admin-record-payment="">
            {record.isPending ? 'Recording…' : 'Record payment'}
          </button>
        </form>
      )}
    </section>
  );
}
