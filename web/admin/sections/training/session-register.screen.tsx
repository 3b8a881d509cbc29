import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useParams } from 'react-router';
import { FieldError } from '../../../components/forms/Field.js';
import { apiFetch } from '../../../lib/api.js';
import { formFailure } from '../../../lib/form-errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { Link } from '../../kit/links.js';
import { useNotify } from '../../kit/notifications.js';
import { Empty, LoadError, Loading } from '../../kit/states.js';
import { useUnsavedChangesWarning } from '../../kit/use-unsaved-changes.js';
import { sessions, type RegisterPlace, type SessionRegister } from './session.resource.js';
import './session-register.css';

type AttendanceBody = { delegates: Array<{ delegate_id: number; attended: boolean }> };

/**
 * `/admin/sessions/{id}/register` (issue 27, ADR 0049): every place held on the session, who bought it and who
 * attends. Once the session has started staff tick who attended and save; each newly attended delegate gets a
 * certificate (its code links to the public page) and an e-mail. Unticking revokes the certificate.
 */
export function Component() {
  const { id } = useParams();
  const queryKey = [sessions.api, id, 'register'];
  const query = useQuery({ queryKey, queryFn: () => apiFetch<SessionRegister>(`${sessions.api}/${id}/register`) });
  const register = query.data;
  useEffect(() => {
    if (register) document.title = `Register: ${register.session.product_title ?? 'Session'} | Administration Portal`;
  }, [register]);
  if (query.isPending) return <Loading />;
  if (!register) return <LoadError error={query.error} what="this register" />;
  const { session } = register;
  return (
    <section className="admin-page admin-register" data-admin-register={session.id}>
      <p className="admin-breadcrumb">
        <Link to={sessions.screens}>← All sessions</Link>
      </p>
      <div className="admin-page__header">
        <h1>Register: {session.product_title ?? `Product ${session.product_id}`}</h1>
        <div className="admin-page__actions">
          <Link className="button button--secondary" to={`${sessions.screens}/${session.id}`}>
            Edit session
          </Link>
        </div>
      </div>
      <p className="admin-register__meta">
        {session.label}
        {session.status === 'cancelled' ? ' · Cancelled' : ''} · {session.places_taken} of {session.capacity} places taken
      </p>
      {!register.attendance_open && (
        <p className="notice" data-register-closed="">
          {register.attendance_note}
          {session.status !== 'cancelled' && ` It starts ${formatDateTime(session.starts_at)}.`}
        </p>
      )}
      {/* Keyed by the data: after a save the ticks start again from what the server recorded. */}
      <RegisterForm key={query.dataUpdatedAt} register={register} queryKey={queryKey} />
    </section>
  );
}

function RegisterForm({ register, queryKey }: { register: SessionRegister; queryKey: unknown[] }) {
  const formId = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const recorded = new Map(register.places.flatMap((place) => (place.delegate ? [[place.delegate.id, place.attended] as const] : [])));
  const [ticks, setTicks] = useState<Record<number, boolean>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [sent, setSent] = useState<number[]>([]);
  const changed = Object.entries(ticks).filter(([delegateId, attended]) => recorded.get(Number(delegateId)) !== attended);
  const unsaved = useUnsavedChangesWarning(changed.length > 0);
  const save = useMutation({
    mutationFn: (body: AttendanceBody) => apiFetch<SessionRegister>(`${sessions.api}/${register.session.id}/attendance`, { method: 'PUT', body }),
    onSuccess: (saved) => {
      const before = new Set(register.places.flatMap((place) => (place.certificate_code ? [place.certificate_code] : [])));
      const issued = saved.places.filter((place) => place.certificate_code && !before.has(place.certificate_code)).length;
      queryClient.setQueryData(queryKey, saved);
      notify({ kind: 'success', message: `Attendance saved.${issued > 0 ? ` ${issued} certificate${issued === 1 ? '' : 's'} issued and e-mailed.` : ''}` });
    },
    onError: (error) => {
      const failure = formFailure(error);
      setErrors(failure.errors);
      if (Object.keys(failure.errors).length === 0) notify({ kind: 'error', message: failure.message });
    },
  });
  const open = register.attendance_open;
  const named = register.places.filter((place) => place.delegate !== null).length;
  /** The API names a refused entry by its position in the list sent; the table shows it on the delegate's row. */
  const errorsOf = (delegateId: number) => {
    const index = sent.indexOf(delegateId);
    return index < 0 ? undefined : errors[`delegates.${index}.delegate_id`] ?? errors[`delegates.${index}.attended`];
  };

  if (register.places.length === 0) {
    return (
      <Empty>
        <p>No places are taken on this session yet.</p>
      </Empty>
    );
  }
  return (
    <form
      className="admin-table"
      noValidate
      aria-describedby={`${formId}-help`}
      onSubmit={(event) => {
        event.preventDefault();
        const delegates = changed.map(([delegateId, attended]) => ({ delegate_id: Number(delegateId), attended }));
        if (delegates.length === 0) {
          notify({ kind: 'success', message: 'Nothing has changed.' });
          return;
        }
        setSent(delegates.map((d) => d.delegate_id));
        setErrors({});
        unsaved.allowNextNavigation();
        save.mutate({ delegates });
      }}
    >
      <p id={`${formId}-help`} className="admin-muted admin-register__help">
        {named} of {register.places.length} {register.places.length === 1 ? 'place has' : 'places have'} a named delegate. Tick who attended and save: each gets a certificate by e-mail. Unticking
        someone revokes their certificate.
      </p>
      <div className="table-wrap">
        <table className="table admin-table__table admin-register__table">
          <caption className="visually-hidden">Delegates on this session</caption>
          <thead>
            <tr>
              <th scope="col">Delegate</th>
              <th scope="col">Order and buyer</th>
              <th scope="col">Attended</th>
              <th scope="col">Certificate</th>
            </tr>
          </thead>
          <tbody>
            {register.places.map((place) => (
              <RegisterRow
                key={`${place.place_id}-${place.seat_no}`}
                place={place}
                formId={formId}
                open={open}
                ticked={place.delegate ? (ticks[place.delegate.id] ?? place.attended) : false}
                onTick={(attended) => place.delegate && setTicks({ ...ticks, [place.delegate.id]: attended })}
                errors={place.delegate ? errorsOf(place.delegate.id) : undefined}
              />
            ))}
          </tbody>
        </table>
      </div>
      <div className="admin-register__actions">
        <button type="submit" className="button" disabled={!open || save.isPending} data-register-save="">
          {save.isPending ? 'Saving…' : 'Save attendance'}
        </button>
        {changed.length > 0 && <span className="admin-muted">{changed.length} unsaved change{changed.length === 1 ? '' : 's'}</span>}
      </div>
      {unsaved.dialog}
    </form>
  );
}

function RegisterRow({ place, formId, open, ticked, onTick, errors }: {
  place: RegisterPlace; formId: string; open: boolean; ticked: boolean; onTick: (attended: boolean) => void; errors: string[] | undefined;
}) {
  const inputId = `${formId}-attended-${place.place_id}-${place.seat_no}`;
  const errorId = `${inputId}-error`;
  return (
    <tr data-register-row={place.delegate?.id ?? ''}>
      <td>
        {place.delegate ? (
          <>
            <strong>{place.delegate.name}</strong>
            <br />
            <span className="admin-muted admin-register__email">{place.delegate.email}</span>
          </>
        ) : (
          <span className="admin-muted">Not named yet</span>
        )}
        <br />
        <span className="admin-muted">Place {place.seat_no}</span>
      </td>
      <td data-label="Order and buyer">
        {place.order_number ?? `Order ${place.order_id}`}
        <br />
        <span className="admin-muted">{[place.buyer.name, place.buyer.company].filter(Boolean).join(', ')}</span>
      </td>
      <td>
        {place.delegate ? (
          <div className={`admin-register__tick${errors ? ' field--invalid' : ''}`}>
            <input
              id={inputId}
              type="checkbox"
              className="admin-register__checkbox"
              checked={ticked}
              disabled={!open}
              onChange={(event) => onTick(event.currentTarget.checked)}
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? errorId : undefined}
              data-register-attended={place.delegate.id}
            />
            <label htmlFor={inputId}>
              Attended<span className="visually-hidden">: {place.delegate.name}</span>
            </label>
            {errors && <FieldError id={errorId} name={`attended-${place.delegate.id}`} errors={errors} />}
          </div>
        ) : (
          <span className="admin-muted">—</span>
        )}
      </td>
      <td data-label="Certificate">
        {place.certificate_code ? (
          <a href={`/certificates/${place.certificate_code}`} target="_blank" rel="noreferrer" data-register-certificate={place.certificate_code}>
            {place.certificate_code}
          </a>
        ) : (
          <span className="admin-muted">Not issued</span>
        )}
      </td>
    </tr>
  );
}
