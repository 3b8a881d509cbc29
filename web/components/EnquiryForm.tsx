import { useId, useState } from 'react';
import type { EnquiryType } from '../../src/modules/content/index.js';
import { apiFetch } from '../lib/api.js';
import { FieldForm, useFieldForm } from './FieldForm.js';
import type { FieldSpec } from './forms/form-values.js';
import { Notice } from './Notice.js';

export const ENQUIRY_MESSAGE_MIN = 10;
export const ENQUIRY_MESSAGE_MAX = 5000;

const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Your name', required: true, maxLength: 100, autoComplete: 'name', row: 'who' },
  { name: 'company', label: 'Company', maxLength: 200, autoComplete: 'organization', row: 'who' },
  { name: 'email', label: 'E-mail address', kind: 'email', required: true, maxLength: 254, autoComplete: 'email', row: 'reach' },
  { name: 'phone', label: 'Telephone', kind: 'tel', maxLength: 20, autoComplete: 'tel', row: 'reach' },
  {
    name: 'message',
    label: 'Your message',
    kind: 'textarea',
    required: true,
    rows: 8,
    maxLength: ENQUIRY_MESSAGE_MAX,
    hint: `Between ${ENQUIRY_MESSAGE_MIN} and ${ENQUIRY_MESSAGE_MAX} characters.`,
  },
];

/**
 * The one enquiry form of /joinus/* and /contact: `POST /api/enquiries` with the page's fixed `type`.
 * 422 → the reasons next to the fields and in the summary; 429 → the server's message. On success the
 * server's thank-you notice (hides after 5 s) and the fields are cleared.
 */
export function EnquiryForm({ type, heading = 'Send us a message' }: { type: EnquiryType; heading?: string }) {
  const state = useFieldForm(FIELDS);
  const [thanks, setThanks] = useState<{ text: string; key: number } | null>(null);
  const uid = useId();
  const headingId = `${uid}-heading`;

  async function send() {
    setThanks(null);
    const answer = await apiFetch<{ message: string }>('/api/enquiries', { method: 'POST', body: { type, ...state.body() } });
    state.reset();
    setThanks({ text: answer.message, key: Date.now() });
  }

  return (
    <section className="enquiry" aria-labelledby={headingId} data-enquiry={type}>
      <h2 id={headingId}>{heading}</h2>
      {thanks ? (
        <Notice key={thanks.key} kind="success" onHide={() => setThanks(null)}>
          {thanks.text}
        </Notice>
      ) : null}
      <FieldForm
        state={state}
        idPrefix={`${uid}-enquiry`}
        onSubmit={send}
        submit="Send enquiry"
        wide
        attributes={{ 'aria-labelledby': headingId, 'data-enquiry-form': type }}
      />
    </section>
  );
}
