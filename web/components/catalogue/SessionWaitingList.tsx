import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import type { PublicSessionView, WaitingEntryView } from '../../../src/modules/training/index.js';
import { apiFetch, errorBodyOf } from '../../lib/api.js';
import { loginUrlFor } from '../../lib/redirect.js';
import { useShell } from '../../lib/shell.js';

/**
 * A course option's full dates and their waiting lists (issue 27, ADR 0051): a signed-in customer joins a full date's
 * list and is e-mailed once when a place comes free; anyone else is asked to sign in first (and comes back here).
 * Whether the customer already waits is read in the browser, like the dates themselves.
 */
export function SessionWaitingList({ productId, optionName, full }: { productId: number; optionName: string; full: readonly PublicSessionView[] }) {
  const { user } = useShell();
  const { urlPathname } = usePageContext();
  const [joined, setJoined] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ sessionId: number; text: string } | null>(null);
  const wanted = user !== null && full.length > 0;

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    // Only those not yet told are waiting: one who was e-mailed may join again.
    apiFetch<WaitingEntryView[]>(`/api/products/${productId}/waiting-list`)
      .then((entries) => live && setJoined(new Set(entries.filter((entry) => entry.notified_at === null).map((entry) => entry.session_id))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [productId, wanted]);

  if (full.length === 0) return null;

  async function change(session: PublicSessionView, join: boolean) {
    setBusy(session.id);
    setProblem(null);
    try {
      await apiFetch(`/api/products/${productId}/sessions/${session.id}/waiting-list`, { method: join ? 'POST' : 'DELETE' });
      setJoined((current) => {
        const next = new Set(current);
        if (join) next.add(session.id);
        else next.delete(session.id);
        return next;
      });
    } catch (error) {
      setProblem({ sessionId: session.id, text: errorBodyOf(error).message ?? 'That did not work. Please try again.' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <span className="session-waiting" data-waiting-list="">
      {full.map((session) => (
        <span key={session.id} className="session-waiting__date" data-waiting-session={session.id}>
          <span className="session-waiting__label">Full: {session.label}</span>
          {/* The outcome is announced where the button was (WCAG 4.1.3); buttons' names start with their words (2.5.3). */}
          <span aria-live="polite" className="session-waiting__action">
            {user === null ? (
              <a href={loginUrlFor(urlPathname)} data-waiting-sign-in="">
                Sign in to join the waiting list<span className="visually-hidden"> for {optionName}, {session.label}</span>
              </a>
            ) : joined.has(session.id) ? (
              <>
                <span data-waiting-joined="">You are on the waiting list: we will e-mail you once when a place comes free.</span>{' '}
                <button
                  type="button" className="link-button" disabled={busy !== null} onClick={() => void change(session, false)}
                  aria-label={`Leave the waiting list for ${optionName}, ${session.label}`} data-waiting-leave={session.id}
                >
                  Leave the waiting list
                </button>
              </>
            ) : (
              <button
                type="button" className="button button--secondary button--small" disabled={busy !== null} aria-busy={busy === session.id}
                onClick={() => void change(session, true)} aria-label={`Join the waiting list for ${optionName}, ${session.label}`} data-waiting-join={session.id}
              >
                Join the waiting list
              </button>
            )}
            {problem?.sessionId === session.id && (
              <span className="field__error" role="alert">
                {problem.text}
              </span>
            )}
          </span>
        </span>
      ))}
    </span>
  );
}
