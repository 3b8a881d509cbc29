import { useId, useState } from 'react';
import type { CourseDelegatesView, OrderDelegatesView } from '../../../../../src/modules/training/index.js';
import { ErrorSummary, SubmitButton, TextField, useFocusOnChange } from '../../../../components/FormControls.js';
import { Notice } from '../../../../components/Notice.js';
import { apiFetch } from '../../../../lib/api.js';
import { useApiForm } from '../../../../lib/use-api-form.js';
import './course-delegates.css';

type Entry = { session_id: number; name: string; email: string };

const lastDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long' });

/** "Sunday 9 March": the last day names can be changed (the deadline is 00:00 UK time on the session's day). */
function lastChangeDay(changeUntil: string): string {
  return lastDay.format(new Date(new Date(changeUntil).getTime() - 1));
}

/** One entry per seat, in the order the form shows them: the request's `places[i]` is the i-th pair of fields. */
function entriesOf(view: OrderDelegatesView): Entry[] {
  return view.courses.flatMap((course) => course.seats.map((seat) => ({ session_id: course.session.id, name: seat.name ?? '', email: seat.email ?? '' })));
}

/**
 * "Delegates" on an open-course order (issue 27, ADR 0048): one name and e-mail per place bought, per course line
 * (its session's date and venue), saved together; each new or changed person gets the joining instructions. A
 * session's names are read-only from 00:00 UK time on its day. Errors sit beside their field and in a summary.
 */
export function CourseDelegates({ initial }: { initial: OrderDelegatesView }) {
  const id = useId();
  const form = useApiForm();
  const [view, setView] = useState(initial);
  const [entries, setEntries] = useState<Entry[]>(() => entriesOf(initial));
  const [saved, setSaved] = useState<{ at: number; text: string } | null>(null);
  const summaryRef = useFocusOnChange<HTMLDivElement>(form.failure);
  if (view.courses.length === 0) return null;

  const fieldId = (index: number, field: 'name' | 'email') => `${id}-place-${index}-${field}`;
  // Each course's first entry: the seats of the courses before it.
  const firsts = view.courses.map((_, at) => view.courses.slice(0, at).reduce((sum, course) => sum + course.seats.length, 0));
  // The summary names a field as the form labels it, with its session: "Place 2 e-mail (Mon 14 Dec 2026, …)".
  const fieldIds: Record<string, string> = {};
  const fieldLabels: Record<string, string> = {};
  view.courses.forEach((course, at) => {
    course.seats.forEach((_, offset) => {
      const index = firsts[at]! + offset;
      for (const field of ['name', 'email'] as const) {
        fieldIds[`places[${index}].${field}`] = fieldId(index, field);
        fieldLabels[`places[${index}].${field}`] = `Place ${offset + 1} ${field === 'name' ? 'name' : 'e-mail'} (${course.session.label})`;
      }
    });
  });
  const editable = view.closed_reason === null && view.courses.some((course) => course.changeable);
  const update = (index: number, field: 'name' | 'email', value: string) =>
    setEntries((current) => current.map((entry, at) => (at === index ? { ...entry, [field]: value } : entry)));

  const sections = view.courses.map((course, at) => (
    <CourseSeats key={`${course.line_id}-${course.session.id}`} course={course} first={firsts[at]!} entries={entries} form={form} fieldId={fieldId} update={update} />
  ));

  return (
    <section className="order-page__panel course-delegates" aria-labelledby={`${id}-title`} data-course-delegates="">
      <h2 id={`${id}-title`}>Delegates</h2>
      {view.closed_reason ? (
        <p className="order-page__muted" data-delegates-closed="">
          {view.closed_reason}
        </p>
      ) : (
        <p className="course-delegates__lead">
          Name the person attending each place. Each gets the joining instructions by e-mail, with a calendar file, and a reminder 2 days before.
        </p>
      )}
      {saved && !form.failure ? (
        <div data-delegates-saved="">
          <Notice key={saved.at} kind="success">
            {saved.text}
          </Notice>
        </div>
      ) : null}
      {form.failure ? (
        <ErrorSummary ref={summaryRef} message={form.failure.message} errors={form.failure.errors} fieldIds={fieldIds} fieldLabels={fieldLabels} />
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!editable) return;
          void form.submit(async () => {
            const answer = await apiFetch<OrderDelegatesView>(`/api/orders/${view.order_id}/delegates`, { method: 'PUT', body: { places: entries } });
            setView(answer);
            setEntries(entriesOf(answer));
            setSaved((last) => ({ at: (last?.at ?? 0) + 1, text: 'Delegates saved. Anyone new or changed is being sent the joining instructions.' }));
          });
        }}
        data-delegates-form={view.order_id}
      >
        {sections}
        {editable ? (
          <div className="form__actions">
            <SubmitButton sending={form.sending}>{form.sending ? 'Saving…' : 'Save delegates'}</SubmitButton>
          </div>
        ) : null}
      </form>
    </section>
  );
}

interface CourseSeatsProps {
  course: CourseDelegatesView;
  first: number;
  entries: Entry[];
  form: ReturnType<typeof useApiForm>;
  fieldId: (index: number, field: 'name' | 'email') => string;
  update: (index: number, field: 'name' | 'email', value: string) => void;
}

/** One course line's places: its session in the legend, then a name and e-mail per place (read-only once settled). */
function CourseSeats({ course, first, entries, form, fieldId, update }: CourseSeatsProps) {
  const { session } = course;
  return (
    <fieldset className="course-delegates__course" data-delegates-session={session.id}>
      <legend className="course-delegates__legend">
        <span className="course-delegates__title">{course.title}</span>
        <span className="course-delegates__when">
          {course.option_name ? `${course.option_name}: ` : ''}
          {session.label}
        </span>
      </legend>
      <p className="field__hint course-delegates__deadline">
        {session.cancelled
          ? 'This session was cancelled.'
          : course.changeable
            ? `You can change these until 23:59 on ${lastChangeDay(course.change_until)} (UK time).`
            : 'The list for this session is settled. Please call us if someone else has to go.'}
      </p>
      <ol className="course-delegates__seats">
        {course.seats.map((seat, offset) => {
          const index = first + offset;
          const entry = entries[index]!;
          return (
            <li key={seat.seat_no} className="course-delegates__seat" data-delegate-seat={index}>
              <span className="course-delegates__seat-no" aria-hidden="true">
                {offset + 1}
              </span>
              {course.changeable ? (
                <div className="course-delegates__fields">
                  <TextField
                    id={fieldId(index, 'name')} name={`places[${index}].name`} label={`Place ${offset + 1}: name`} value={entry.name}
                    onChange={(value) => update(index, 'name', value)} errors={form.errorsFor(`places[${index}].name`)} autoComplete="off" maxLength={200}
                  />
                  <TextField
                    id={fieldId(index, 'email')} name={`places[${index}].email`} label={`Place ${offset + 1}: e-mail`} type="email" value={entry.email}
                    onChange={(value) => update(index, 'email', value)} errors={form.errorsFor(`places[${index}].email`)} autoComplete="off" inputMode="email"
                    spellCheck={false} maxLength={254}
                  />
                </div>
              ) : (
                <p className="course-delegates__named">
                  {seat.name ? (
                    <>
                      <strong>{seat.name}</strong> <span className="order-page__muted">{seat.email}</span>
                    </>
                  ) : (
                    <span className="order-page__muted">Nobody named</span>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
