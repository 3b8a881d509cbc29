import type { PublicSessionView } from '../../../src/modules/training/index.js';
import { placesText } from '../../lib/catalogue.js';
import { SessionWaitingList } from './SessionWaitingList.js';

/**
 * One course option's dates: a labelled select; full dates stay listed (so nobody wonders where they went) but disabled.
 * Loaded on demand by `useCourseSessions`; its style sheet comes with ProductOptions, which shows "Loading dates…" until
 * it is here.
 */
export function CourseSessionPicker({ optionId, optionName, sessions, value, onChange, productId }: {
  optionId: number;
  /** Given, full dates offer their waiting list (ADR 0051). */
  productId?: number;
  optionName: string;
  sessions: readonly PublicSessionView[] | null;
  value: number | null;
  onChange: (sessionId: number | null) => void;
}) {
  const id = `session-for-${optionId}`;
  const selected = sessions?.find((session) => session.id === value);
  if (sessions === null) return <span className="session-picker__note">Loading dates…</span>;
  if (sessions.length === 0) return <span className="session-picker__note" data-no-sessions="">No dates scheduled yet: call us to book.</span>;
  return (
    <span className="session-picker">
      <label htmlFor={id} className="session-picker__label">
        Date<span className="visually-hidden"> for {optionName}</span>
      </label>
      <select id={id} className="session-picker__select" data-session-picker={optionId} value={value ?? ''} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}>
        <option value="">Choose a date</option>
        {sessions.map((session) => (
          <option key={session.id} value={session.id} disabled={session.places_left <= 0}>
            {session.label} — {placesText(session.places_left)}
          </option>
        ))}
      </select>
      {/* The select may cut a long date short on a phone: what matters most stays readable under it. */}
      {selected && (
        <span className="session-picker__chosen" data-session-chosen="">
          {selected.online ? 'Online' : selected.venue} · {placesText(selected.places_left)}
        </span>
      )}
      {productId !== undefined && <SessionWaitingList productId={productId} optionName={optionName} full={sessions.filter((session) => session.places_left <= 0)} />}
    </span>
  );
}
