import { useId, useState } from 'react';
import { useHydrated } from '../../../components/FormControls.js';
import { NoValue } from '../../../components/NoValue.js';
import { Notice } from '../../../components/Notice.js';
import { apiFetch } from '../../../lib/api.js';
import { formFailure } from '../../../lib/form-errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { describeSeats, type LicenceCardView } from '../../../lib/training.js';
import { InviteForm } from './InviteForm.js';

export type Licence = LicenceCardView;
type Learner = Licence['learners'][number];

const STATUS_LABELS: Record<Learner['status'], string> = {
  invited: 'Invited',
  enrolled: 'Enrolled',
  completed: 'Completed',
  withdrawn: 'Seat taken back',
  revoked: 'Access revoked',
};

/**
 * One licence: its seats, its learners (with "Take back seat", confirmed inline), and the invitation form. On
 * `/account/training` only the first `shown` learners are listed, with a link to the licence's own page for all of
 * them (ADR 0057); that page passes its page of learners and no `shown`.
 */
export function LicenceCard({ licence, onChanged, shown, titleLevel = 2 }: { licence: Licence; onChanged: () => Promise<void>; shown?: number; titleLevel?: 1 | 2 }) {
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  const learners = shown === undefined ? licence.learners : licence.learners.slice(0, shown);
  const headingId = useId();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string; at: number } | null>(null);
  const show = (kind: 'success' | 'error', text: string) => setOutcome((last) => ({ kind, text, at: (last?.at ?? 0) + 1 }));

  async function takeBack(learner: Learner) {
    setBusy(true);
    try {
      await apiFetch(`/api/account/licences/${licence.id}/learners/${learner.id}`, { method: 'DELETE' });
      setConfirming(null);
      await onChanged();
      show('success', `The seat of ${learner.email} is free again; their invitation link no longer works.`);
    } catch (error) {
      setConfirming(null);
      show('error', formFailure(error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="licence" aria-labelledby={headingId} data-licence={licence.id}>
      <Title id={headingId} className="licence__title">
        {licence.product.title}
        {licence.option_name && <span className="licence__option">{licence.option_name}</span>}
      </Title>
      <p className="licence__meta">
        <a href={`/account/orders/${licence.order_id}`}>View the order</a>
        <span aria-hidden="true"> · </span>
        <strong data-licence-seats="">{describeSeats(licence.seats, licence.seats_used, licence.seats_free)}</strong>
      </p>
      {licence.revoked && (
        <Notice kind="info" autoHideMs={false}>
          This licence was revoked because its order was refunded or cancelled. Learners who completed keep their certificates; nobody else can
          start.
        </Notice>
      )}
      {outcome && (
        <Notice key={outcome.at} kind={outcome.kind}>
          {outcome.text}
        </Notice>
      )}
      {learners.length === 0 ? (
        <p className="licence__empty">No learners yet.</p>
      ) : (
        <div className="table-wrap" role="region" aria-labelledby={`${headingId}-learners`} tabIndex={0}>
          <table className="table table--cards" data-licence-learners="">
            <caption id={`${headingId}-learners`} className="visually-hidden">
              Learners of {licence.product.title}
            </caption>
            <thead>
              <tr>
                <th scope="col">Learner</th>
                <th scope="col">Status</th>
                <th scope="col">Score</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {learners.map((learner) => (
                <tr key={learner.id} data-learner={learner.email}>
                  <th scope="row">
                    {learner.name ?? learner.email}
                    {learner.name && <span className="licence__email">{learner.email}</span>}
                  </th>
                  <td data-label="Status" data-learner-status={learner.status}>
                    {STATUS_LABELS[learner.status]}
                    {learner.completed_at && <span className="licence__when">{formatDateTime(learner.completed_at)}</span>}
                  </td>
                  <td data-label="Score">{learner.score === null ? <NoValue label="No score" /> : `${learner.score}%`}</td>
                  <td className="licence__actions">
                    {(learner.status === 'invited' || learner.status === 'enrolled') &&
                      (confirming === learner.id ? (
                        <span className="licence__confirm" role="group" aria-label={`Take back the seat of ${learner.email}?`}>
                          <span>Take back this seat?</span>
                          <button type="button" className="button button--small button--danger" disabled={busy} onClick={() => void takeBack(learner)} data-confirm-take-back="">
                            Yes, take it back
                          </button>
                          <button type="button" className="button button--small button--secondary" disabled={busy} onClick={() => setConfirming(null)}>
                            Keep
                          </button>
                        </span>
                      ) : (
                        <button
                          type="button"
                          className="button button--small button--secondary"
                          disabled={!hydrated || busy}
                          onClick={() => setConfirming(learner.id)}
                          data-take-back={learner.email}
                        >
                          Take back seat<span className="visually-hidden"> of {learner.email}</span>
                        </button>
                      ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {shown !== undefined && licence.learner_count > learners.length && (
        <p className="licence__more">
          <a href={`/account/training/licences/${licence.id}`} data-licence-all="">
            Show all {licence.learner_count} learners<span className="visually-hidden"> of {licence.product.title}</span>
          </a>
        </p>
      )}
      {!licence.revoked && <InviteForm licence={licence} onInvited={onChanged} />}
    </section>
  );
}
