import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { resourceApi } from '../../api/admin-api.js';
import { Link } from '../../kit/links.js';
import { ResourceEditor } from '../../kit/ResourceEditor.js';
import { SessionChangesPanel } from './session-changes.panel.js';
import { LoadError, Loading } from '../../kit/states.js';
import { sessions, useCourseOptions, withCourseOptions, type Session } from './session.resource.js';

/**
 * One open-course session: its course (picked by name; `?option={id}` preselects it, as the product's Sessions tab
 * links), date, venue or link, capacity and notes (issue 27).
 */
export function Component() {
  const { id } = useParams();
  // A cancel or move answers the session anew: a fresh editor shows it (the form would otherwise keep the old date).
  const [version, setVersion] = useState(0);
  const placesHeading = useId();
  const [searchParams] = useSearchParams();
  const options = useCourseOptions();
  // The same query as the editor's: an existing session's course is shown even when it is no longer for sale.
  const existing = useQuery({ queryKey: [sessions.api, id], queryFn: () => resourceApi.get<Session>(sessions, id!), enabled: id !== undefined });
  const own = existing.data;
  const fields = useMemo(
    () => options.data && withCourseOptions(options.data, own && { value: String(own.option_id), label: `${own.product_title ?? `Product ${own.product_id}`} — ${own.option_name ?? `option ${own.option_id}`}` }),
    [options.data, own],
  );
  // A required select has no blank choice: a new session starts on the linked course, or the first one it shows.
  const preselected = searchParams.get('option') || String(options.data?.[0]?.id ?? '');
  const defaults = useMemo(() => ({ capacity: '12', status: 'scheduled', online: false, option_id: preselected }), [preselected]);

  if (options.error) return <LoadError error={options.error} what="the course options" />;
  if (!fields || (id !== undefined && existing.isPending)) return <Loading />;
  return (
    <ResourceEditor<Session>
      key={version}
      resource={sessions}
      fields={fields}
      defaults={defaults}
      title={(session) => `${session.product_title ?? 'Session'}: ${session.label}`}
      deleteWarning={(session) => (session.places_taken > 0 ? `${session.places_taken} place(s) are taken: the session cannot be deleted.` : 'Nobody has booked it yet.')}
    >
      {(session) => (
        <>
          <section className="admin-panel" aria-labelledby={placesHeading}>
            {/* Headed like the "Cancel or move" panel below it (issue 27's slices meet on this screen). */}
            <h2 id={placesHeading}>Places and register</h2>
            <p data-session-places="">
              {session.places_taken} of {session.capacity} places taken; {session.places_left === 0 ? 'full' : `${session.places_left} left`}.
            </p>
            <p>
              <Link to={`/admin/sessions/${session.id}/register`} data-session-register-link="">Open the register</Link> to see the delegates and mark attendance.
            </p>
          </section>
          <SessionChangesPanel session={session} onChanged={() => setVersion((current) => current + 1)} />
        </>
      )}
    </ResourceEditor>
  );
}
