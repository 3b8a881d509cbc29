import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FieldSections } from '../../../components/forms/FieldSections.js';
import { formBody, formValuesOf, type FieldSpec, type FormValues } from '../../../components/forms/form-values.js';
import { apiFetch } from '../../../lib/api.js';
import { formFailure } from '../../../lib/form-errors.js';
import { ConfirmDialog } from '../../kit/ConfirmDialog.js';
import { useNotify } from '../../kit/notifications.js';
import { sessions, type Session } from './session.resource.js';
import './session-changes.css';

const LOOK = { section: 'admin-form__section', fields: 'session-changes__fields' };

const MOVE_FIELDS: readonly FieldSpec[] = [
  { name: 'starts_at', label: 'New start', kind: 'datetime', required: true },
  { name: 'ends_at', label: 'New end', kind: 'datetime', required: true },
  { name: 'online', label: 'Held online', kind: 'checkbox' },
  { name: 'venue', label: 'Venue', nullable: true, maxLength: 300, hint: 'Required unless the session is online.' },
  { name: 'joining_url', label: 'Joining link', kind: 'url', nullable: true, maxLength: 2000, hint: 'Required for an online session: an https:// address.' },
];

const CANCEL_FIELDS: readonly FieldSpec[] = [
  { name: 'reason', label: 'Reason', kind: 'textarea', nullable: true, maxLength: 1000, hint: 'Told to the delegates and the buyers in the e-mail.' },
];

/**
 * The session editor's "Cancel session" and "Move" (issue 27, ADR 0050). Both e-mail every delegate and, once per
 * order, every buyer, who then choose another date or a refund on their order page — so each asks first, says who
 * will be told, and reports what happened. `onChanged` gets the session as the API answered.
 */
export function SessionChangesPanel({ session, onChanged }: { session: Session; onChanged: (session: Session) => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [open, setOpen] = useState<'cancel' | 'move' | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const told = session.places_taken === 0
    ? 'Nobody has booked it, so nobody is e-mailed.'
    : `The ${session.places_taken === 1 ? 'buyer of the 1 place taken' : `buyers of the ${session.places_taken} places taken`} and their named delegates are e-mailed.`;

  const change = useMutation({
    mutationFn: ({ action, body }: { action: 'cancel' | 'move'; body: Record<string, unknown> }) =>
      apiFetch<Session>(`${sessions.api}/${session.id}/${action}`, { method: 'POST', body }),
    onSuccess: (saved, { action }) => {
      queryClient.setQueryData([sessions.api, String(saved.id)], saved);
      void queryClient.invalidateQueries({ queryKey: [sessions.api] });
      setOpen(null);
      notify({ kind: 'success', message: action === 'cancel' ? 'The session is cancelled. Buyers choose another date or a refund.' : `The session is moved to ${saved.label}.` });
      onChanged(saved);
    },
    onError: (error) => {
      const failure = formFailure(error);
      setErrors(failure.errors);
      setMessage(failure.message);
    },
  });

  const start = (action: 'cancel' | 'move') => {
    setValues(action === 'move' ? formValuesOf(MOVE_FIELDS, session as unknown as Record<string, unknown>) : { reason: '' });
    setErrors({});
    setMessage(null);
    setOpen(action);
  };
  const confirm = () => {
    const fields = open === 'move' ? MOVE_FIELDS : CANCEL_FIELDS;
    const { body, errors: local } = formBody(fields, values, {}, 'replace');
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    change.mutate({ action: open!, body });
  };

  if (session.status === 'cancelled') {
    return (
      <section className="admin-panel" aria-labelledby={headingId} data-session-changes="cancelled">
        <h2 id={headingId}>Cancel or move</h2>
        <p>This session is cancelled: it takes no bookings. Its buyers choose another date or a refund on their order page.</p>
      </section>
    );
  }
  // Only the open dialog holds the fields: the closed one would otherwise carry a second copy of each name and label.
  const form = (
    <>
      {message ? (
        <p className="field__error" role="alert" data-session-change-error="">
          {message}
        </p>
      ) : null}
      <FieldSections fields={open === 'move' ? MOVE_FIELDS : CANCEL_FIELDS} values={values} errors={errors} look={LOOK} onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))} />
    </>
  );
  return (
    <section className="admin-panel" aria-labelledby={headingId} data-session-changes="">
      <h2 id={headingId}>Cancel or move</h2>
      <p>{told}</p>
      <div className="admin-form__actions">
        <button type="button" className="button button--secondary" onClick={() => start('move')} data-session-move="">
          Move to another date…
        </button>
        <button type="button" className="button button--danger" onClick={() => start('cancel')} data-session-cancel="">
          Cancel session…
        </button>
      </div>
      <ConfirmDialog
        open={open === 'move'}
        title={`Move ${session.label}?`}
        confirmLabel="Move and e-mail"
        danger={false}
        busy={change.isPending}
        onConfirm={confirm}
        onCancel={() => setOpen(null)}
      >
        <p>{told} The places stay booked on the new date unless a buyer chooses another date or a refund.</p>
        {open === 'move' && form}
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'cancel'}
        title={`Cancel ${session.label}?`}
        confirmLabel="Cancel session and e-mail"
        dismissLabel="Keep the session"
        busy={change.isPending}
        onConfirm={confirm}
        onCancel={() => setOpen(null)}
      >
        <p>{told} It takes no more bookings, and cannot be undone. Each buyer chooses another date or a refund.</p>
        {open === 'cancel' && form}
      </ConfirmDialog>
    </section>
  );
}
