import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import type { EnquiryType } from '../../src/modules/content/index.js';
import { apiFetch } from '../lib/api.js';
import { useApiForm } from '../lib/use-api-form.js';
import { ErrorSummary, NeedsJavaScript, SubmitButton, TextField, useFocusOnChange } from './FormControls.js';
import { Notice } from './Notice.js';

const FIELD_LABELS = { name: 'Your name', company: 'Company', email: 'E-mail address', phone: 'Telephone', message: 'Your message' };
export const ENQUIRY_MESSAGE_MIN = 10;
export const ENQUIRY_MESSAGE_MAX = 5000;

const EMPTY = { name: '', company: '', email: '', phone: '', message: '' };

/**
 * The one enquiry form of /joinus/* and /contact: `POST /api/enquiries` with the page's fixed `type`.
 * 422 → the reasons next to the fields and in the summary; 429 → the server's message. On success the
 * server's thank-you notice (hides after 5 s) and the fields are cleared.
 */
export function EnquiryForm({ type, heading = 'Send us a message' }: { type: EnquiryType; heading?: string }) {
  const form = useApiForm();
  const summaryRef = useFocusOnChange<HTMLDivElement>(form.failure);
  const [fields, setFields] = useState(EMPTY);
  const [thanks, setThanks] = useState<{ text: string; key: number } | null>(null);
  const uid = useId();
  const ids = {
    name: `${uid}-name`,
    company: `${uid}-company`,
    email: `${uid}-email`,
    phone: `${uid}-phone`,
    message: `${uid}-message`,
  };
  const headingId = `${uid}-heading`;
  const set = (name: keyof typeof EMPTY) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setThanks(null);
    void form.submit(async () => {
      const body = {
        type,
        name: fields.name,
        email: fields.email,
        message: fields.message,
        ...(fields.company.trim() ? { company: fields.company } : {}),
        ...(fields.phone.trim() ? { phone: fields.phone } : {}),
      };
      const answer = await apiFetch<{ message: string }>('/api/enquiries', { method: 'POST', body });
      setFields(EMPTY);
      setThanks({ text: answer.message, key: Date.now() });
    });
  }

  const messageErrors = form.errorsFor('message');
  const messageInvalid = messageErrors !== undefined && messageErrors.length > 0;
  const messageHintId = `${ids.message}-hint`;
  const messageErrorId = `${ids.message}-error`;

  return (
    <section className="enquiry" aria-labelledby={headingId} data-enquiry={type}>
      <h2 id={headingId}>{heading}</h2>
      {thanks ? (
        <Notice key={thanks.key} kind="success" onHide={() => setThanks(null)}>
          {thanks.text}
        </Notice>
      ) : null}
      <ErrorSummary ref={summaryRef} message={form.failure?.message ?? null} errors={form.failure?.errors ?? {}} fieldIds={ids} fieldLabels={FIELD_LABELS} />
      <NeedsJavaScript />
      <form className="form form--wide" method="post" noValidate onSubmit={onSubmit} aria-labelledby={headingId} data-enquiry-form={type}>
        <div className="form__row">
          <TextField id={ids.name} name="name" label={FIELD_LABELS.name} autoComplete="name" value={fields.name} onChange={set('name')} errors={form.errorsFor('name')} maxLength={100} required />
          <TextField
            id={ids.company}
            name="company"
            label={FIELD_LABELS.company}
            autoComplete="organization"
            value={fields.company}
            onChange={set('company')}
            errors={form.errorsFor('company')}
            maxLength={200}
            optional
          />
        </div>
        <div className="form__row">
          <TextField
            id={ids.email}
            name="email"
            label={FIELD_LABELS.email}
            type="email"
            autoComplete="email"
            spellCheck={false}
            autoCapitalize="none"
            value={fields.email}
            onChange={set('email')}
            errors={form.errorsFor('email')}
            maxLength={254}
            required
          />
          <TextField
            id={ids.phone}
            name="phone"
            label={FIELD_LABELS.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={fields.phone}
            onChange={set('phone')}
            errors={form.errorsFor('phone')}
            maxLength={20}
            optional
          />
        </div>
        <div className={`field${messageInvalid ? ' field--invalid' : ''}`} data-field="message">
          <label className="field__label" htmlFor={ids.message}>
            {FIELD_LABELS.message}
          </label>
          <p id={messageHintId} className="field__hint">
            {`Between ${ENQUIRY_MESSAGE_MIN} and ${ENQUIRY_MESSAGE_MAX} characters.`}
          </p>
          {messageInvalid ? (
            <p id={messageErrorId} className="field__error" data-field-error="message">
              <span className="visually-hidden">Error: </span>
              {messageErrors.join(' ')}
            </p>
          ) : null}
          <textarea
            id={ids.message}
            name="message"
            className="input field__input"
            rows={8}
            value={fields.message}
            onChange={(event: ChangeEvent<HTMLTextAreaElement>) => set('message')(event.currentTarget.value)}
            maxLength={ENQUIRY_MESSAGE_MAX}
            required
            aria-invalid={messageInvalid || undefined}
            aria-describedby={[messageHintId, messageInvalid ? messageErrorId : null].filter(Boolean).join(' ')}
          />
        </div>
        <div className="form__actions">
          <SubmitButton sending={form.sending}>Send enquiry</SubmitButton>
        </div>
      </form>
    </section>
  );
}
