import { useEffect, useId, useRef, useState } from 'react';
import type { PlaceChoiceView, PlaceChosenView } from '../../../src/modules/training/index.js';
import { apiFetch, errorBodyOf } from '../../lib/api.js';
import { Notice } from '../Notice.js';
import './SessionChangeChoice.css';

/**
 * On /account/orders/{id}: each place whose course session staff cancelled or moved (issue 27, ADR 0050) — what
 * changed, the other dates of the same course with room for it, and a refund. Moving asks nothing more (the dates
 * are listed and the buyer picks one); the refund asks first in a modal dialog, since it cannot be undone. The answer
 * replaces the choice with what happened.
 */
export function SessionChangeChoice({ orderId, places }: { orderId: number; places: readonly PlaceChoiceView[] }) {
  if (places.length === 0) return null;
  return (
    <div className="session-change" data-session-changes="">
      {places.map((place) => (
        <PlaceChoice key={place.place_id} orderId={orderId} place={place} />
      ))}
    </div>
  );
}

function PlaceChoice({ orderId, place }: { orderId: number; place: PlaceChoiceView }) {
  if (!place.open) return <ChangedPlace place={place} />;
  return <OpenChoice orderId={orderId} place={place} />;
}

/** A place answered (moved to another date) or kept on its moved date: the date it is on now, beside the one bought. */
function ChangedPlace({ place }: { place: PlaceChoiceView }) {
  return (
    <p className="session-change__note" data-session-change-done={place.place_id}>
      <strong>{place.course}</strong>, {place.qty} {place.qty === 1 ? 'place' : 'places'}: now on <strong>{place.now}</strong> (booked as{' '}
      <span className="session-change__was">{place.was}</span>).
    </p>
  );
}

function OpenChoice({ orderId, place }: { orderId: number; place: PlaceChoiceView }) {
  const [chosen, setChosen] = useState<number | null>(place.dates[0]?.id ?? null);
  const [busy, setBusy] = useState<'transfer' | 'refund' | null>(null);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<{ key: number; text: string } | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const datesId = useId();
  const titleId = useId();
  const textId = useId();
  const seq = useRef(0);
  const places = `${place.qty} ${place.qty === 1 ? 'place' : 'places'}`;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (asking && !dialog.open) dialog.showModal();
    else if (!asking && dialog.open) dialog.close();
  }, [asking]);

  async function choose(action: 'transfer' | 'refund') {
    if (busy) return;
    setBusy(action);
    try {
      const answer = await apiFetch<PlaceChosenView>(`/api/orders/${orderId}/places/${place.place_id}/${action}`, {
        method: 'POST', body: action === 'transfer' ? { session_id: chosen } : {},
      });
      setAsking(false);
      setDone(answer.resolution === 'transferred'
        ? `Your ${places} moved to ${answer.session?.label ?? 'the new date'}. Your delegates are e-mailed the new date.`
        : `Refunded: credit note ${answer.credit_note_number ?? ''} is in your order's refunds below, and we have e-mailed it to you.`);
    } catch (caught) {
      setAsking(false);
      setError({ key: ++seq.current, text: errorBodyOf(caught).message ?? 'That did not work. Please try again.' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="session-change__place" aria-labelledby={headingId} data-session-change={place.place_id}>
      <h2 id={headingId}>{place.change === 'cancelled' ? 'Your course date is cancelled' : 'Your course date has moved'}</h2>
      <p>
        <strong>{place.course}</strong>, {places}:{' '}
        {place.change === 'cancelled' ? (
          <>
            <span className="session-change__was">{place.was}</span> is cancelled. Choose another date or a refund.
          </>
        ) : (
          <>
            was <span className="session-change__was">{place.was}</span>, now <strong data-session-change-now="">{place.now}</strong>. Nothing to do if the new
            date suits you; otherwise choose another date or a refund.
          </>
        )}
      </p>
      {done ? (
        <div data-session-change-result="">
          <Notice kind="success" autoHideMs={false}>
            {done}
          </Notice>
        </div>
      ) : (
        <>
          {place.dates.length > 0 ? (
            <fieldset className="session-change__dates">
              <legend id={datesId}>Another date</legend>
              {place.dates.map((date) => (
                <label key={date.id} className="session-change__date">
                  <input type="radio" name={`place-${place.place_id}-date`} value={date.id} checked={chosen === date.id} onChange={() => setChosen(date.id)} data-session-change-date={date.id} />
                  <span>
                    {date.label} <span className="session-change__left">({date.places_left} {date.places_left === 1 ? 'place' : 'places'} left)</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : (
            <p className="session-change__none" data-session-change-no-dates="">No other dates of this course have room for {places} at the moment: you can take a refund.</p>
          )}
          <div className="session-change__buttons">
            {place.dates.length > 0 ? (
              <button type="button" className="button" onClick={() => void choose('transfer')} disabled={busy !== null || chosen === null} aria-busy={busy === 'transfer'} data-session-change-transfer="">
                {busy === 'transfer' ? 'Moving…' : 'Move to this date'}
              </button>
            ) : null}
            <button type="button" className="button button--secondary" onClick={() => setAsking(true)} disabled={busy !== null} data-session-change-refund="">
              Refund instead
            </button>
          </div>
        </>
      )}
      {error ? (
        <div data-session-change-error="">
          <Notice key={error.key} kind="error">
            {error.text}
          </Notice>
        </div>
      ) : null}
      <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId} aria-describedby={textId} onClose={() => setAsking(false)} data-dialog="refund-place">
        <h2 id={titleId} className="dialog__title">
          Refund your {places}?
        </h2>
        <p id={textId} className="dialog__text">
          We issue a credit note for {place.course} ({places}) and give the {place.qty === 1 ? 'place' : 'places'} up. This cannot be undone.
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" autoFocus onClick={() => setAsking(false)} disabled={busy === 'refund'}>
            Keep my booking
          </button>
          <button type="button" className="button" onClick={() => void choose('refund')} disabled={busy === 'refund'} aria-busy={busy === 'refund'} data-confirm-refund="">
            {busy === 'refund' ? 'Refunding…' : 'Refund'}
          </button>
        </div>
      </dialog>
    </section>
  );
}
