import { useState, type FormEvent } from 'react';
import { useData } from 'vike-react/useData';
import type { OrderAddress, PlacedOrder } from '../../../src/modules/orders/index.js';
import { AddressFields, addressFieldMaps, addressForm, addressPayload, type AddressForm } from '../../components/AddressFields.js';
import { CheckboxField, ErrorSummary, NeedsJavaScript, SubmitButton, TextField, useFocusOnChange } from '../../components/FormControls.js';
import { apiFetch } from '../../lib/api.js';
import { KIND_LABELS } from '../../lib/catalogue.js';
import { formatPounds } from '../../lib/money.js';
import { LEAVING, useApiForm } from '../../lib/use-api-form.js';
import type { Data } from './+data.js';
import './checkout.css';

type Offer = Data['checkout'];

interface Addressee {
  name: string;
  company: string;
}

interface CheckoutForm {
  billing: AddressForm;
  billingTo: Addressee;
  delivery: AddressForm;
  deliveryTo: Addressee;
  deliverySameAsBilling: boolean;
  deliveryTypeId: string;
  poNumber: string;
  notes: string;
  acceptTerms: boolean;
  paymentMethod: string;
}

const ADDRESS_MAPS = addressFieldMaps('checkout');
const FIELD_IDS: Record<string, string> = {
  ...ADDRESS_MAPS.ids,
  'billing_address.name': 'checkout-billing-name',
  'billing_address.company': 'checkout-billing-company',
  'delivery_address.name': 'checkout-delivery-name',
  'delivery_address.company': 'checkout-delivery-company',
  delivery_type_id: 'checkout-delivery-type-0',
  po_number: 'checkout-po-number',
  notes: 'checkout-notes',
  accept_terms: 'checkout-accept-terms',
  payment_method: 'checkout-payment-method-0',
};
const FIELD_LABELS: Record<string, string> = {
  ...ADDRESS_MAPS.labels,
  'billing_address.name': 'Billing name',
  'billing_address.company': 'Billing company',
  'delivery_address.name': 'Delivery name',
  'delivery_address.company': 'Delivery company',
  delivery_type_id: 'Delivery',
  po_number: 'Purchase order number',
  notes: 'Notes',
  accept_terms: 'Terms and conditions',
  payment_method: 'Payment method',
  basket: 'Basket',
};
const PAYMENT_LABELS: Record<string, { label: string; hint: string }> = {
  card: { label: 'Card', hint: 'Pay now by debit or credit card on our secure payment page.' },
  invoice: { label: 'Invoice (pay on account)', hint: 'We e-mail a VAT invoice payable within 30 days. A PO number is required.' },
};

function addressee(address: OrderAddress | null): Addressee {
  return { name: address?.name ?? '', company: address?.company ?? '' };
}

function formFor(offer: Offer): CheckoutForm {
  const same = JSON.stringify(offer.billing_address) === JSON.stringify(offer.delivery_address) || offer.delivery_address === null;
  return {
    billing: addressForm(offer.billing_address),
    billingTo: addressee(offer.billing_address),
    delivery: addressForm(offer.delivery_address),
    deliveryTo: addressee(offer.delivery_address ?? offer.billing_address),
    deliverySameAsBilling: same,
    deliveryTypeId: String(offer.delivery_types[0]?.id ?? ''),
    poNumber: '',
    notes: '',
    acceptTerms: false,
    paymentMethod: offer.payment_methods[0] ?? 'card',
  };
}

/** The API's checkout address: the postal parts (null when all blank) and who it is for. */
function addressFor(form: AddressForm, to: Addressee): Record<string, unknown> | null {
  const postal = addressPayload(form);
  const name = to.name.trim();
  const company = to.company.trim();
  if (!postal && !name && !company) return null;
  return { name, company: company || null, ...(postal ?? { line1: '', line2: null, town: '', county: null, postcode: '', country: form.country || 'GB' }) };
}

/**
 * Checkout for a signed-in customer (product.md): addresses prefilled from the profile, the delivery types that fit
 * the basket's weight (each with the order's totals, computed by the server), an optional PO number and notes, the
 * terms, and the payment method. Placing the order answers with the hosted payment page, where the browser goes;
 * the webhook, not this page, marks the order paid.
 */
export default function Page() {
  const { checkout: offer } = useData<Data>();
  const form = useApiForm();
  const summaryRef = useFocusOnChange<HTMLDivElement>(form.failure);
  const [values, setValues] = useState<CheckoutForm>(() => formFor(offer));
  const set =
    <K extends keyof CheckoutForm>(key: K) =>
    (value: CheckoutForm[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  const lines = offer.basket.items.filter((item) => item.available);
  const chosen = offer.delivery_types.find((type) => String(type.id ?? '') === values.deliveryTypeId) ?? offer.delivery_types[0] ?? null;
  const heavy = offer.requires_delivery && offer.delivery_types.length === 0;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit(async () => {
      const billing = addressFor(values.billing, values.billingTo);
      const body: Record<string, unknown> = {
        billing_address: billing,
        accept_terms: values.acceptTerms,
        payment_method: values.paymentMethod,
      };
      if (offer.requires_delivery) {
        body.delivery_address = values.deliverySameAsBilling ? billing : addressFor(values.delivery, values.deliveryTo);
        body.delivery_type_id = values.deliveryTypeId === '' ? null : Number(values.deliveryTypeId);
      }
      if (values.poNumber.trim()) body.po_number = values.poNumber.trim();
      if (values.notes.trim()) body.notes = values.notes.trim();
      const placed = await apiFetch<PlacedOrder>('/api/checkout', { method: 'POST', body });
      window.location.assign(placed.payment_url || `/complete?order=${placed.order.id}`);
      return LEAVING;
    });
  }

  if (lines.length === 0) {
    return (
      <div className="container checkout-page" data-page="checkout">
        <h1>Checkout</h1>
        <div className="checkout-page__empty" data-checkout-empty="">
          <p>{offer.basket.items.length === 0 ? 'Your basket is empty.' : 'Nothing in your basket can be ordered at the moment.'}</p>
          <a className="button" href={offer.basket.items.length === 0 ? '/category' : '/basket'}>
            {offer.basket.items.length === 0 ? 'Continue shopping' : 'Review your basket'}
          </a>
        </div>
      </div>
    );
  }

  return (
    <div className="container checkout-page" data-page="checkout">
      <h1>Checkout</h1>
      {offer.basket.messages.length > 0 ? (
        <div className="notice notice--info" role="status" data-basket-messages="">
          <ul>
            {offer.basket.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
          <a href="/basket">Review your basket</a>
        </div>
      ) : null}
      {offer.card_orders_refused && values.paymentMethod === 'card' ? (
        // Said before the customer fills anything in: placing a card order now would be refused with these words.
        <div className="notice notice--error" data-card-orders-refused="">
          <p>{offer.card_orders_refused}</p>
          <a href="/account/orders">Your orders</a>
        </div>
      ) : null}
      <ErrorSummary ref={summaryRef} message={form.failure?.message ?? null} errors={form.failure?.errors ?? {}} fieldIds={FIELD_IDS} fieldLabels={FIELD_LABELS} />
      <NeedsJavaScript />
      <div className="checkout-page__layout">
        <form className="form form--wide checkout-form" method="post" noValidate onSubmit={onSubmit} aria-label="Checkout" data-form="checkout">
          <AddressFields kind="billing_address" legend="Billing address" value={values.billing} onChange={set('billing')} form={form} idPrefix="checkout">
            <Addressee kind="billing_address" value={values.billingTo} onChange={set('billingTo')} errorsFor={form.errorsFor} />
          </AddressFields>

          {offer.requires_delivery ? (
            <>
              <CheckboxField
                id="checkout-delivery-same"
                name="delivery_same_as_billing"
                label="Deliver to the billing address"
                checked={values.deliverySameAsBilling}
                onChange={set('deliverySameAsBilling')}
              />
              {values.deliverySameAsBilling ? null : (
                <AddressFields kind="delivery_address" legend="Delivery address" value={values.delivery} onChange={set('delivery')} form={form} idPrefix="checkout">
                  <Addressee kind="delivery_address" value={values.deliveryTo} onChange={set('deliveryTo')} errorsFor={form.errorsFor} />
                </AddressFields>
              )}
            </>
          ) : null}

          <fieldset className="fieldset" data-delivery-types="">
            <legend className="fieldset__legend">Delivery</legend>
            {form.errorsFor('delivery_type_id') ? (
              <p className="field__error" data-field-error="delivery_type_id">
                {form.errorsFor('delivery_type_id')!.join(' ')}
              </p>
            ) : null}
            {heavy ? (
              <p className="notice notice--info" data-no-delivery="">
                Your order weighs more than our standard delivery services carry. Please <a href="/contact">contact us</a> and we will arrange a
                pallet delivery.
              </p>
            ) : (
              offer.delivery_types.map((type, index) => (
                <label key={type.id ?? 'digital'} className="choice" data-delivery-type={type.id ?? 'digital'}>
                  <input
                    id={`checkout-delivery-type-${index}`}
                    type="radio"
                    name="delivery_type_id"
                    value={String(type.id ?? '')}
                    checked={values.deliveryTypeId === String(type.id ?? '')}
                    onChange={(event) => set('deliveryTypeId')(event.currentTarget.value)}
                  />
                  <span className="choice__label">{type.name}</span>
                  <span className="choice__price">{type.price === 0 ? 'Free' : `${formatPounds(type.price)} ex VAT`}</span>
                </label>
              ))
            )}
            {!offer.requires_delivery ? <p className="field__hint">{nothingToPost(lines.map((item) => item.kind))}</p> : null}
          </fieldset>

          <fieldset className="fieldset">
            <legend className="fieldset__legend">Your reference</legend>
            <TextField
              id={FIELD_IDS.po_number!}
              name="po_number"
              label={FIELD_LABELS.po_number!}
              optional={values.paymentMethod !== 'invoice'}
              hint="Printed on your VAT invoice, so your finance team can match it."
              value={values.poNumber}
              onChange={set('poNumber')}
              errors={form.errorsFor('po_number')}
              maxLength={60}
            />
            <div className={`field${form.errorsFor('notes') ? ' field--invalid' : ''}`} data-field="notes">
              <label className="field__label" htmlFor={FIELD_IDS.notes}>
                Notes <span className="field__optional">(optional)</span>
              </label>
              <p id="checkout-notes-hint" className="field__hint">
                Delivery instructions or anything we should know.
              </p>
              {form.errorsFor('notes') ? (
                <p id="checkout-notes-error" className="field__error" data-field-error="notes">
                  {form.errorsFor('notes')!.join(' ')}
                </p>
              ) : null}
              <textarea
                id={FIELD_IDS.notes}
                name="notes"
                className="input field__input"
                rows={3}
                maxLength={2000}
                value={values.notes}
                onChange={(event) => set('notes')(event.currentTarget.value)}
                aria-describedby={form.errorsFor('notes') ? 'checkout-notes-hint checkout-notes-error' : 'checkout-notes-hint'}
                aria-invalid={form.errorsFor('notes') ? true : undefined}
              />
            </div>
          </fieldset>

          {offer.payment_methods.length > 1 ? (
            <fieldset className="fieldset" data-payment-methods="">
              <legend className="fieldset__legend">Payment</legend>
              {offer.payment_methods.map((method, index) => (
                <label key={method} className="choice" data-payment-method={method}>
                  <input
                    id={`checkout-payment-method-${index}`}
                    type="radio"
                    name="payment_method"
                    value={method}
                    checked={values.paymentMethod === method}
                    onChange={(event) => set('paymentMethod')(event.currentTarget.value)}
                  />
                  <span className="choice__label">
                    {PAYMENT_LABELS[method]?.label ?? method}
                    <span className="choice__hint">{PAYMENT_LABELS[method]?.hint}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}

          <CheckboxField
            id={FIELD_IDS.accept_terms!}
            name="accept_terms"
            label={
              <>
                I accept the{' '}
                <a href="/terms" target="_blank" rel="noopener">
                  terms and conditions
                </a>{' '}
                (opens in a new tab)
              </>
            }
            checked={values.acceptTerms}
            onChange={set('acceptTerms')}
            errors={form.errorsFor('accept_terms')}
          />

          <div className="checkout-form__actions">
            <SubmitButton sending={form.sending} className="checkout-form__submit">
              {values.paymentMethod === 'invoice' ? 'Place order' : `Continue to payment${chosen ? ` — ${formatPounds(chosen.totals.grand_total)}` : ''}`}
            </SubmitButton>
            <a href="/basket">Back to basket</a>
          </div>
        </form>

        <aside className="summary-panel checkout-summary" aria-labelledby="checkout-summary-heading" data-checkout-summary="">
          <h2 id="checkout-summary-heading">Your order</h2>
          <ul className="checkout-summary__lines">
            {lines.map((item) => (
              <li key={item.id} data-checkout-line="">
                <span className="checkout-summary__title">
                  {item.qty} × {item.title}
                  <span className="checkout-summary__option">
                    {item.option_name} · {KIND_LABELS[item.kind]}
                  </span>
                  {item.booking?.label && (
                    <span className="checkout-summary__option" data-checkout-booking={item.booking.ref}>
                      {item.booking.label}
                    </span>
                  )}
                </span>
                <span className="checkout-summary__money">{formatPounds(item.price * item.qty)}</span>
              </li>
            ))}
          </ul>
          {chosen ? (
            <dl className="summary-panel__rows">
              <dt>Subtotal ex VAT</dt>
              <dd data-subtotal="">{formatPounds(chosen.totals.subtotal)}</dd>
              <dt>{chosen.name}</dt>
              <dd data-delivery-price="">{chosen.totals.delivery === 0 ? 'Free' : formatPounds(chosen.totals.delivery)}</dd>
              <dt>VAT at 20%</dt>
              <dd data-vat="">{formatPounds(chosen.totals.vat)}</dd>
              <dt className="summary-panel__grand">Total to pay</dt>
              <dd className="summary-panel__grand" data-grand-total="">
                {formatPounds(chosen.totals.grand_total)}
              </dd>
            </dl>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

/** Who the address is for: a parcel needs a name; an invoice often a company. */
function Addressee({
  kind,
  value,
  onChange,
  errorsFor,
}: {
  kind: 'billing_address' | 'delivery_address';
  value: Addressee;
  onChange: (value: Addressee) => void;
  errorsFor: (field: string) => string[] | undefined;
}) {
  return (
    <div className="form__row">
      <TextField
        id={FIELD_IDS[`${kind}.name`]!}
        name={`${kind}.name`}
        label="Full name"
        autoComplete={`${kind === 'billing_address' ? 'billing' : 'shipping'} name`}
        value={value.name}
        onChange={(name) => onChange({ ...value, name })}
        errors={errorsFor(`${kind}.name`)}
        maxLength={100}
        required
      />
      <TextField
        id={FIELD_IDS[`${kind}.company`]!}
        name={`${kind}.company`}
        label="Company or organisation"
        optional
        autoComplete={`${kind === 'billing_address' ? 'billing' : 'shipping'} organization`}
        value={value.company}
        onChange={(company) => onChange({ ...value, company })}
        errors={errorsFor(`${kind}.company`)}
        maxLength={100}
      />
    </div>
  );
}

/** What a basket with nothing physical gets instead of a parcel, in the words of what it holds. */
function nothingToPost(kinds: readonly string[]): string {
  const course = kinds.includes('course');
  const electronic = kinds.some((kind) => kind === 'download' || kind === 'online_access');
  if (course && !electronic) return 'Nothing to post: after payment you name who attends each place, and each delegate is e-mailed joining instructions.';
  if (course) return 'Nothing to post: downloads and online training are delivered electronically once you have paid; for course places you name who attends and each delegate is e-mailed joining instructions.';
  return 'Nothing to post: downloads and online training are delivered electronically once you have paid.';
}
