import { useEffect, useId, useRef, useState } from 'react';
import type { OrderView } from '../../../src/modules/orders/index.js';
import { apiFetch, errorBodyOf } from '../../lib/api.js';
import { Notice } from '../Notice.js';
import './UnpaidOrderActions.css';

/**
 * "Pay now" and "Cancel order" for the customer's card order that waits for payment (issue 28): on /cancelled,
 * where the payment page's Cancel lands, and on the account's order page. Pay now goes to the payment page again
 * (a fresh session if the old one expired); Cancel asks first (a native modal <dialog>) and gives the stock back
 * at once, the items back in the basket when ticked. Both are buttons, inert until the page has hydrated.
 */
export function UnpaidOrderActions({ order }: { order: Pick<OrderView, 'id' | 'number' | 'status' | 'payment_method'> }) {
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [error, setError] = useState<{ key: number; text: string } | null>(null);
  const [asking, setAsking] = useState(false);
  const [restore, setRestore] = useState(true);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const restoreId = useId();
  const seq = useRef(0);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (asking && !dialog.open) dialog.showModal();
    else if (!asking && dialog.open) dialog.close();
  }, [asking]);

  if (order.status !== 'pending_payment' || order.payment_method !== 'card') return null;

  const fail = (caught: unknown, fallback: string) => setError({ key: ++seq.current, text: errorBodyOf(caught).message ?? fallback });

  async function pay() {
    if (busy) return;
    setBusy('pay');
    try {
      const { payment_url } = await apiFetch<{ payment_url: string }>(`/api/orders/${order.id}/pay`, { method: 'POST', body: {} });
      window.location.assign(payment_url);
    } catch (caught) {
      fail(caught, 'The payment page could not be opened. Please try again.');
      setBusy(null);
    }
  }

  async function cancel() {
    if (busy) return;
    setBusy('cancel');
    try {
      await apiFetch(`/api/orders/${order.id}/cancel`, { method: 'POST', body: { restore_basket: restore } });
      window.location.assign(restore ? '/basket' : `/account/orders/${order.id}`);
    } catch (caught) {
      setAsking(false);
      fail(caught, 'The order could not be cancelled. Please try again.');
      setBusy(null);
    }
  }

  return (
    <div className="unpaid-order" data-unpaid-order-actions="">
      <div className="unpaid-order__buttons">
        <button type="button" className="button" onClick={() => void pay()} disabled={busy !== null} aria-busy={busy === 'pay'} data-pay-now="">
          {busy === 'pay' ? 'Opening the payment page…' : 'Pay now'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)} disabled={busy !== null} data-cancel-order="">
          Cancel order
        </button>
      </div>
      {error ? (
        <div data-unpaid-order-error="">
          <Notice key={error.key} kind="error">
            {error.text}
          </Notice>
        </div>
      ) : null}
      <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId} aria-describedby={textId} onClose={() => setAsking(false)} data-dialog="cancel-order">
        <h2 id={titleId} className="dialog__title">
          Cancel order {order.number}?
        </h2>
        <p id={textId} className="dialog__text">
          You have not been charged. The order is cancelled now and its items go back on sale.
        </p>
        <p className="unpaid-order__restore">
          <input id={restoreId} type="checkbox" checked={restore} onChange={(event) => setRestore(event.currentTarget.checked)} data-restore-basket="" />
          <label htmlFor={restoreId}>Put the items back in my basket</label>
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" autoFocus onClick={() => setAsking(false)} disabled={busy === 'cancel'}>
            Keep the order
          </button>
          <button type="button" className="button button--danger" onClick={() => void cancel()} disabled={busy === 'cancel'} aria-busy={busy === 'cancel'} data-confirm-cancel="">
            {busy === 'cancel' ? 'Cancelling…' : 'Cancel order'}
          </button>
        </div>
      </dialog>
    </div>
  );
}
