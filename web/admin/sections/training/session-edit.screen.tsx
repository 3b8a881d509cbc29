import { Link } from '../../kit/links.js';
import { ResourceEditor } from '../../kit/ResourceEditor.js';
import { sessionFields, sessions, type Session } from './session.resource.js';

/** One open-course session: its date, venue or link, capacity and notes (issue 27). */
export function Component() {
  return (
    <ResourceEditor<Session>
      resource={sessions}
      fields={sessionFields}
      defaults={{ capacity: '12', status: 'scheduled', online: false }}
      title={(session) => `${session.product_title ?? 'Session'}: ${session.label}`}
      deleteWarning={(session) => (session.places_taken > 0 ? `${session.places_taken} place(s) are taken: the session cannot be deleted.` : 'Nobody has booked it yet.')}
    >
      {(session) => (
        <section className="admin-panel" aria-label="Places">
          <p data-session-places="">
            {session.places_taken} of {session.capacity} places taken; {session.places_left === 0 ? 'full' : `${session.places_left} left`}.
          </p>
          <p>
            <Link to={`/admin/sessions/${session.id}/register`} data-session-register-link="">Open the register</Link> to see the delegates and mark attendance.
          </p>
        </section>
      )}
    </ResourceEditor>
  );
}
