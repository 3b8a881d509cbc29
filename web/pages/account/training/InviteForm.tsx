import { useId, useState } from 'react';
import { TRAINING_LIMITS } from '../../../../src/shared/contracts/training.js';
import { useHydrated } from '../../../components/FormControls.js';
import { Notice } from '../../../components/Notice.js';
import { apiFetch } from '../../../lib/api.js';
import { splitAddresses, type LicenceCardView as Licence } from '../../../lib/training.js';
import { useApiForm } from '../../../lib/use-api-form.js';

/**
 * "Invite learners": a textarea for a pasted list. All or nothing: a 409 (more people than free seats) or a 422
 * (which addresses, and why) leaves the list in place to correct.
 */
export function InviteForm({ licence, onInvited }: { licence: Licence; onInvited: () => Promise<void> }) {
  const id = useId();
  const hydrated = useHydrated();
  const form = useApiForm();
  const [text, setText] = useState('');
  const [sent, setSent] = useState<string[]>([]);
  const [invited, setInvited] = useState<{ text: string; at: number } | null>(null);
  // A refusal counted the seats of its moment: once they change (a seat taken back), its numbers are stale.
  const [askedWithFree, setAskedWithFree] = useState(licence.seats_free);
  const failure = askedWithFree === licence.seats_free ? form.failure : null;
  const reasons = failure ? Object.entries(failure.errors).flatMap(([field, list]) => describe(field, list, sent)) : [];

  return (
    <form
      className="invite-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        const emails = splitAddresses(text);
        setSent(emails);
        setAskedWithFree(licence.seats_free);
        void form.submit(async () => {
          const answer = await apiFetch<{ invited: unknown[] }>(`/api/account/licences/${licence.id}/invitations`, { method: 'POST', body: { emails } });
          setText('');
          const count = answer?.invited.length ?? emails.length;
          setInvited((last) => ({ text: `${count === 1 ? 'One invitation' : `${count} invitations`} sent.`, at: (last?.at ?? 0) + 1 }));
          await onInvited();
        });
      }}
      data-invite-form={licence.id}
    >
      <h3 id={`${id}-title`} className="invite-form__title">
        Invite learners
      </h3>
      {invited && !failure && (
        <Notice key={invited.at} kind="success">
          {invited.text}
        </Notice>
      )}
      {failure && (
        <div className="notice notice--error" role="alert" data-invite-error="">
          <p>{failure.message}</p>
          {reasons.length > 0 && (
            <ul>
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className={`field${failure ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-emails`}>
          E-mail addresses
        </label>
        <p className="field__hint" id={`${id}-hint`}>
          Paste one or many, separated by commas, semicolons or new lines (up to {TRAINING_LIMITS.invitationsPerRequest} at a time). Each takes a
          seat and gets a link that works for {TRAINING_LIMITS.invitationDays} days. {licence.seats_free} {licence.seats_free === 1 ? 'seat is' : 'seats are'}{' '}
          free.
        </p>
        <textarea
          id={`${id}-emails`}
          className="input field__input field__textarea"
          rows={4}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-hint`}
          aria-invalid={failure ? true : undefined}
          autoComplete="off"
          spellCheck={false}
          data-invite-emails=""
        />
      </div>
      <div className="form__actions">
        <button type="submit" className="button" disabled={!hydrated || form.sending || licence.seats_free === 0} data-invite-send="">
          {form.sending ? 'Sending…' : 'Send invitations'}
        </button>
      </div>
    </form>
  );
}

/** `emails[3]: ["…"]` → "the fourth address (x@y): reason"; the list-wide reasons as they are. */
function describe(field: string, reasons: readonly string[], sent: readonly string[]): string[] {
  const index = /^emails\[(\d+)\]$/.exec(field);
  if (!index) return [...reasons];
  const address = sent[Number(index[1])];
  return reasons.map((reason) => (address && !reason.includes(address.toLowerCase()) && !reason.includes(address) ? `${address}: ${reason}` : reason));
}
