import { useRef, useState } from 'react';
import type { OptionView } from '../../../src/modules/catalogue/index.js';
import { errorBodyOf } from '../../lib/api.js';
import { basketApi, itemCount } from '../../lib/basket.js';
import { KIND_LABELS, placesText, stockState } from '../../lib/catalogue.js';
import { formatPounds } from '../../lib/money.js';
import { useShell } from '../../lib/shell.js';
import { Notice } from '../Notice.js';
import { firstBookable, useCourseSessions } from './course-sessions.js';
import { QuantityField, typedQty } from '../QuantityField.js';
import './ProductOptions.css';
import './CourseSessionPicker.css';

export type OptionRow = Pick<OptionView, 'id' | 'name' | 'code' | 'price' | 'price_inc_vat' | 'qty' | 'kind'>;

interface ProductOptionsProps {
  options: readonly OptionRow[];
  productTitle: string;
  productId?: number;
  /** The option the visitor came for (`?option=`, e.g. a refresher link): its row is marked (in words, not colour alone). */
  selected?: number | null;
}

interface AddResult {
  key: number;
  kind: 'success' | 'error';
  text: string;
  /** What the basket said besides (a capped quantity, a changed price). */
  messages: string[];
  items?: number;
  grandTotal?: string;
}

/**
 * What a product comes as, with its price ex VAT (the headline for business buyers) and inc VAT, and its
 * stock, and "Add to basket" per option (seed §4: a new line first with qty 1, an existing line +1 capped at
 * stock — the server decides both). The answer is announced below the table and the top bar's total follows
 * at once; the page does not reload.
 */
export function ProductOptions({ options, productTitle, productId, selected = null }: ProductOptionsProps) {
  const { company } = useShell();
  // Open courses: the buyer picks a date per course option (issue 27); the first bookable one is preselected.
  const { sessions, Picker } = useCourseSessions(productId ?? 0, productId !== undefined && options.some((option) => option.kind === 'course'));
  const [chosen, setChosen] = useState<Record<number, number | null>>({});
  const sessionFor = (optionId: number) => (optionId in chosen ? chosen[optionId]! : firstBookable((sessions ?? []).filter((s) => s.option_id === optionId)));
  const [adding, setAdding] = useState<number | null>(null);
  const [result, setResult] = useState<AddResult | null>(null);
  const busy = useRef(false);
  const noticeSeq = useRef(0);
  // The quantity typed for each option (1 until changed) and the server's reason for the last refused one.
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [qtyError, setQtyError] = useState<{ optionId: number; text: string } | null>(null);

  async function add(option: OptionRow) {
    if (busy.current) return;
    busy.current = true;
    setAdding(option.id);
    setQtyError(null);
    const label = `${productTitle} — ${option.name}`;
    const qty = typedQty(typed[option.id] ?? '1');
    try {
      const session = option.kind === 'course' ? (sessions ?? []).find((s) => s.id === sessionFor(option.id)) : undefined;
      // One (the seed's add: capped at the stock with a message), or exactly the number typed (or a reason).
      const basket = qty === 1 ? await basketApi.add(option.id, session?.id) : await basketApi.addQty(option.id, qty, session?.id);
      setTyped(({ [option.id]: _added, ...rest }) => rest);
      setResult({
        key: ++noticeSeq.current, kind: 'success',
        text: `${typeof qty === 'number' && qty > 1 ? `Added ${qty} to your basket` : 'Added to your basket'}: ${label}${session ? `, ${session.label}` : ''}.`, messages: basket.messages,
        items: basket.totals.items, grandTotal: basket.totals.grand_total,
      });
    } catch (error) {
      const body = errorBodyOf(error);
      const reason = body.errors?.qty?.[0];
      if (reason) setQtyError({ optionId: option.id, text: reason });
      const text =
        body.status === 404 ? `${label} is no longer available to order.`
        : reason ? `${label} was not added: ${reason}`
        : (body.message ?? 'The item could not be added to your basket. Please try again.');
      setResult({ key: ++noticeSeq.current, kind: 'error', text, messages: [] });
    } finally {
      busy.current = false;
      setAdding(null);
    }
  }

  if (options.length === 0) {
    return <p data-no-options="">This product is not available to order at the moment. Please contact us.</p>;
  }
  return (
    <>
      <table className="options-table" data-options-table="">
        <thead>
          <tr>
            <th scope="col">Option</th>
            <th scope="col">Format</th>
            <th scope="col" className="options-table__money">
              Price ex VAT
            </th>
            <th scope="col" className="options-table__money">
              Price inc VAT
            </th>
            <th scope="col">Availability</th>
            <th scope="col">
              <span className="visually-hidden">Buy</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {options.map((option) => {
            const stock = stockState(option.qty);
            // A course sells places on a date, not stock (ADR 0051): its availability is the chosen date's places.
            const course = option.kind === 'course' && productId !== undefined;
            const date = course ? (sessions ?? []).find((s) => s.id === sessionFor(option.id)) : undefined;
            return (
              <tr
                key={option.id}
                data-option={option.id}
                className={option.id === selected ? 'options-table__row--selected' : undefined}
                data-option-selected={option.id === selected ? '' : undefined}
              >
                <th scope="row">
                  {option.name}
                  {option.id === selected && <span className="badge options-table__selected">Selected for you</span>}
                  <span className="options-table__code">{option.code}</span>
                  {course && !Picker && <span className="session-picker__note">Loading dates…</span>}
                  {course && Picker && (
                    <Picker
                      optionId={option.id} optionName={option.name} value={sessionFor(option.id)} productId={productId}
                      sessions={sessions && sessions.filter((session) => session.option_id === option.id)}
                      onChange={(sessionId) => setChosen((current) => ({ ...current, [option.id]: sessionId }))}
                    />
                  )}
                </th>
                <td data-label="Format">{KIND_LABELS[option.kind]}</td>
                <td className="options-table__money" data-label="Price ex VAT" data-price-ex-vat={option.price}>
                  {formatPounds(option.price)}
                </td>
                <td className="options-table__money" data-label="Price inc VAT" data-price-inc-vat={option.price_inc_vat}>
                  {formatPounds(option.price_inc_vat)}
                </td>
                <td data-label="Availability">
                  {course ? (
                    <span className={`stock${date ? ` stock--${date.places_left <= 5 ? 'low' : 'in'}` : ''}`} data-stock="course" data-places-left={date?.places_left}>
                      {date ? placesText(date.places_left) : sessions === null ? 'Loading dates…' : 'Choose a date'}
                      {date && <span className="options-table__date">{date.label}</span>}
                    </span>
                  ) : (
                    <span className={`stock stock--${stock.level}`} data-stock={stock.level}>
                      {stock.label}
                    </span>
                  )}
                </td>
                <td className="options-table__buy">
                  <div className="options-table__buy-row">
                    {stock.available ? (
                      <QuantityField
                        of={option.name}
                        className="options-table__qty"
                        value={typed[option.id] ?? '1'}
                        onChange={(value) => setTyped((current) => ({ ...current, [option.id]: value }))}
                        onEnter={() => void add(option)}
                        stock={date ? date.places_left : option.qty}
                        min={1}
                        errorShownAt={qtyError?.optionId === option.id ? `qty-error-${option.id}` : undefined}
                        disabled={adding !== null}
                        data={{ 'data-qty-input': String(option.id) }}
                      />
                    ) : null}
                    <button
                      type="button"
                      className="button button--small"
                      disabled={!stock.available || adding !== null}
                      aria-busy={adding === option.id}
                      // The visible words first, then the option (WCAG 2.5.3, label in name: a voice user says what they see).
                      aria-label={`${buttonText(stock.available, adding === option.id)}: ${option.name}`}
                      data-add-to-basket={option.id}
                      onClick={() => void add(option)}
                    >
                      {buttonText(stock.available, adding === option.id)}
                    </button>
                  </div>
                  {qtyError?.optionId === option.id ? (
                    <p id={`qty-error-${option.id}`} className="field__error options-table__qty-error" data-qty-error="">
                      <span className="visually-hidden">Error: </span>
                      {qtyError.text}
                    </p>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="options-result" aria-live="polite">
        {result ? (
          <Notice key={result.key} kind={result.kind} autoHideMs={false} className="options-result__notice">
            <span data-add-result={result.kind}>{result.text}</span>
            {result.messages.map((message) => (
              <span key={message} className="options-result__message" data-basket-message="">
                {' '}
                {message}
              </span>
            ))}
            {result.kind === 'success' ? (
              <>
                {' '}
                <span className="options-result__totals">
                  Your basket: {itemCount(result.items ?? 0)}, £{result.grandTotal} inc VAT.
                </span>{' '}
                <a href="/basket" className="options-result__link" data-view-basket="">
                  View basket and checkout
                </a>
              </>
            ) : null}
          </Notice>
        ) : null}
      </div>
      <p className="options-note" data-basket-note="">
        Prices exclude VAT at 20%, which is added at checkout. Ordering for a school, council or NHS trust? Call us on{' '}
        <a href={`tel:${company.phone_e164}`}>{company.phone}</a> or <a href="/contact">send us a message</a>.
      </p>
    </>
  );
}

function buttonText(available: boolean, adding: boolean): string {
  if (!available) return 'Out of stock';
  return adding ? 'Adding…' : 'Add to basket';
}
