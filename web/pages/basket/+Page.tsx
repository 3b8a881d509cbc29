import { useRef, useState } from 'react';
import { useData } from 'vike-react/useData';
import type { BasketItemView, BasketView } from '../../../src/modules/basket/index.js';
import { Notice } from '../../components/Notice.js';
import { QuantityField, typedQty } from '../../components/QuantityField.js';
import { errorBodyOf } from '../../lib/api.js';
import { basketApi, itemCount } from '../../lib/basket.js';
import { KIND_LABELS } from '../../lib/catalogue.js';
import { formatPounds } from '../../lib/money.js';
import { useShell } from '../../lib/shell.js';
import type { Data } from './+data.js';
import './basket.css';

type Change = 'plus' | 'minus' | 'update' | 'remove' | 'clear';

/** "0.36 kg" from grams: what a buyer reads for postage. */
function kilograms(grams: number): string {
  return `${(grams / 1000).toFixed(grams % 1000 === 0 ? 0 : 2)} kg`;
}

/**
 * Seed §4's basket: each line with plus, minus (removes below 1) and delete; clear; totals with VAT at 20% on the
 * subtotal. Every change is one API call answered with the whole basket, which replaces what the page shows
 * (and the top bar's total) without a reload; what the server says changed (a capped quantity, a new price, a
 * line no longer for sale) is shown above the lines.
 */
export default function Page() {
  const { basket: initial } = useData<Data>();
  const { user } = useShell();
  const [basket, setBasket] = useState<BasketView>(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<{ key: number; text: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inFlight = useRef(false);
  const noticeSeq = useRef(0);
  // What the customer has typed in each line's quantity field (until it is sent), and the server's reason per line.
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [qtyErrors, setQtyErrors] = useState<Record<number, string>>({});

  async function change(change: Change, item?: BasketItemView) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(item ? `${change}-${item.id}` : change);
    setProblem(null);
    try {
      const next =
        change === 'clear' ? await basketApi.clear()
        : change === 'remove' ? await basketApi.remove(item!.id)
        : change === 'plus' ? await basketApi.plus(item!.id)
        : change === 'update' ? await basketApi.setQty(item!.id, typedQty(typed[item!.id] ?? String(item!.qty)))
        : await basketApi.minus(item!.id);
      setBasket(next);
      if (item) {
        setTyped(({ [item.id]: _sent, ...rest }) => rest);
        setQtyErrors(({ [item.id]: _shown, ...rest }) => rest);
      }
      const line = item ? next.items.find((candidate) => candidate.id === item.id) : undefined;
      setAnnouncement(
        change === 'clear' ? 'Your basket is now empty.'
        : line ? `${item!.title}, ${item!.option_name}: quantity ${line.qty}. Basket total £${next.totals.grand_total}.`
        : `${item!.title}, ${item!.option_name} removed. Basket total £${next.totals.grand_total}.`,
      );
      // The button that was pressed is gone with its line: keep keyboard users on the page, not on <body>.
      if (!line) headingRef.current?.focus();
    } catch (error) {
      const body = errorBodyOf(error);
      const reason = body.errors?.qty?.[0];
      if (item && reason) {
        // A typed quantity the server refused: the reason goes next to the field (and is announced), nothing changed.
        setQtyErrors((current) => ({ ...current, [item.id]: reason }));
        setAnnouncement(`${item.title}, ${item.option_name}: ${reason}`);
        return;
      }
      setProblem({ key: ++noticeSeq.current, text: body.message ?? 'Your basket could not be changed. Please try again.' });
      if (body.status === 404) setBasket(await basketApi.get().catch(() => basket));
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  }

  const empty = basket.items.length === 0;
  const orderable = basket.items.some((item) => item.available);

  return (
    <div className="container basket-page" data-page="basket">
      <h1 ref={headingRef} tabIndex={-1}>
        Your basket
      </h1>
      <p className="visually-hidden" role="status" data-basket-announcement="">
        {announcement}
      </p>
      {problem ? (
        <Notice key={problem.key} kind="error">
          {problem.text}
        </Notice>
      ) : null}
      {basket.messages.length > 0 ? (
        <div className="notice notice--info basket-page__messages" role="status" data-basket-messages="">
          <ul>
            {basket.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {empty ? (
        <div className="basket-page__empty" data-basket-empty="">
          <p>Your basket is empty.</p>
          <a className="button" href="/category" data-continue-shopping="">
            Continue shopping
          </a>
        </div>
      ) : (
        <div className="basket-page__layout">
          <table className="basket-table" data-basket-table="">
            <caption className="visually-hidden">Items in your basket, with prices excluding VAT</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="basket-table__money">
                  Price ex VAT
                </th>
                <th scope="col" className="basket-table__qty">
                  Quantity
                </th>
                <th scope="col" className="basket-table__money">
                  Total ex VAT
                </th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {basket.items.map((item) => {
                const name = `${item.title}, ${item.option_name}${item.booking?.label ? `, ${item.booking.label}` : ''}`;
                // A course line's limit is its session's places left, not stock (ADR 0051).
                const limit = item.booking?.places_left ?? item.stock;
                const atStock = limit !== null && item.qty >= limit;
                return (
                  <tr key={item.id} data-basket-item={item.id} className={item.available ? undefined : 'basket-table__unavailable'}>
                    <th scope="row" className="basket-table__item">
                      <a href={`/products/${item.product_slug}`}>{item.title}</a>
                      <span className="basket-table__option">
                        {item.option_name} · {KIND_LABELS[item.kind]}
                      </span>
                      {item.booking?.label && (
                        <span className="basket-table__booking" data-basket-booking={item.booking.ref}>
                          {item.booking.label}
                        </span>
                      )}
                      {!item.available ? (
                        <span className="basket-table__flag" data-unavailable="">
                          Not available: not included in the total
                        </span>
                      ) : item.booking?.places_left != null ? (
                        <span className="basket-table__stock" data-basket-places={item.booking.places_left}>
                          {item.booking.places_left === 1 ? '1 place left' : `${item.booking.places_left} places left`}
                        </span>
                      ) : item.stock !== null && item.stock <= 5 ? (
                        <span className="basket-table__stock">Only {item.stock} left</span>
                      ) : null}
                    </th>
                    <td className="basket-table__money" data-label="Price ex VAT">
                      {formatPounds(item.price)}
                    </td>
                    <td className="basket-table__qty" data-label="Quantity">
                      <div className="qty-stepper" role="group" aria-label={`Quantity of ${name}`}>
                        <button
                          type="button"
                          className="qty-stepper__button"
                          aria-label={item.qty === 1 ? `Remove ${name}` : `One fewer ${name}`}
                          disabled={busy !== null}
                          onClick={() => void change('minus', item)}
                          data-minus={item.id}
                        >
                          −
                        </button>
                        <QuantityField
                          of={name}
                          className="qty-stepper__field"
                          value={typed[item.id] ?? String(item.qty)}
                          onChange={(value) => setTyped((current) => ({ ...current, [item.id]: value }))}
                          onEnter={() => void change('update', item)}
                          stock={limit}
                          min={0}
                          disabled={busy !== null}
                          errorShownAt={qtyErrors[item.id] ? `qty-error-${item.id}` : undefined}
                          data={{ 'data-qty': String(item.qty), 'data-qty-input': String(item.id) }}
                        />
                        <button
                          type="button"
                          className="qty-stepper__button"
                          aria-label={atStock ? (item.booking?.places_left != null ? `No more places left: ${name}` : `No more ${name} in stock`) : `One more ${name}`}
                          disabled={busy !== null || atStock || !item.available}
                          onClick={() => void change('plus', item)}
                          data-plus={item.id}
                        >
                          +
                        </button>
                      </div>
                      <button
                        type="button"
                        className="link-button basket-table__update"
                        disabled={busy !== null || !item.available}
                        onClick={() => void change('update', item)}
                        aria-label={`Update quantity of ${name}`}
                        data-update-qty={item.id}
                      >
                        Update
                      </button>
                      {qtyErrors[item.id] ? (
                        <span id={`qty-error-${item.id}`} className="field__error basket-table__qty-error" data-qty-error={item.id}>
                          <span className="visually-hidden">Error: </span>
                          {qtyErrors[item.id]}
                        </span>
                      ) : null}
                    </td>
                    <td className="basket-table__money" data-label="Total ex VAT" data-line-total="">
                      {item.available ? formatPounds(item.price * item.qty) : '—'}
                    </td>
                    <td className="basket-table__remove">
                      <button
                        type="button"
                        className="link-button"
                        disabled={busy !== null}
                        onClick={() => void change('remove', item)}
                        aria-label={`Remove ${name}`}
                        data-remove={item.id}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>

          <aside className="summary-panel basket-summary" aria-labelledby="basket-summary-heading" data-basket-totals="">
            <h2 id="basket-summary-heading">Summary</h2>
            <dl className="summary-panel__rows">
              <dt>Items</dt>
              <dd data-total-items="">{itemCount(basket.totals.items)}</dd>
              {basket.totals.weight > 0 ? (
                <>
                  <dt>Weight</dt>
                  <dd>{kilograms(basket.totals.weight)}</dd>
                </>
              ) : null}
              <dt>Subtotal ex VAT</dt>
              <dd data-total="">£{basket.totals.total}</dd>
              <dt>VAT at 20%</dt>
              <dd data-vat="">£{basket.totals.vat}</dd>
              <dt className="summary-panel__grand">Total inc VAT</dt>
              <dd className="summary-panel__grand" data-grand-total="">
                £{basket.totals.grand_total}
              </dd>
            </dl>
            <p className="basket-summary__note">Delivery is chosen at checkout. Downloads and online training are delivered free.</p>
            <div className="basket-summary__actions">
              {orderable ? (
                <a className="button" href="/checkout" data-checkout="">
                  {user ? 'Checkout' : 'Sign in and checkout'}
                </a>
              ) : null}
              <a className="button button--secondary" href="/category" data-continue-shopping="">
                Continue shopping
              </a>
            </div>
            <button type="button" className="link-button basket-summary__clear" disabled={busy !== null} onClick={() => void change('clear')} data-clear-basket="">
              Empty basket
            </button>
          </aside>
        </div>
      )}
    </div>
  );
}
