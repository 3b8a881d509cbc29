import { useQuery } from '@tanstack/react-query';
import type { CourseOptionView } from '../../../../src/modules/training/index.js';
import { apiFetch } from '../../../lib/api.js';
import { defineResource } from '../../api/admin-api.js';
import type { FieldSpec } from '../../../components/forms/form-values.js';

/** docs/api/training-sessions.md "Staff" (issue 27, ADR 0046). */
export type { AdminSessionView as Session } from '../../../../src/modules/training/index.js';
/** docs/api/training-sessions.md "Register" (ADR 0049). */
export type { SessionRegisterView as SessionRegister, RegisterPlaceView as RegisterPlace } from '../../../../src/modules/training/index.js';

export const sessions = defineResource({ api: '/api/admin/sessions', screens: '/admin/sessions', noun: 'session' });

export const sessionFields: readonly FieldSpec[] = [
  // Its options are the course options for sale (withCourseOptions): staff pick a course by name, not by id.
  { name: 'option_id', label: 'Course', kind: 'select', numeric: true, required: true, createOnly: true, options: [], hint: 'The product and its "Open course" option this is a date of; set once.' },
  { name: 'starts_at', label: 'Starts', kind: 'datetime', required: true, row: 'when' },
  { name: 'ends_at', label: 'Ends', kind: 'datetime', required: true, row: 'when' },
  { name: 'online', label: 'Held online', kind: 'checkbox' },
  { name: 'venue', label: 'Venue', nullable: true, maxLength: 300, hint: 'Required unless the session is online, e.g. "HS Training Centre, Leeds LS1 4AP".' },
  { name: 'joining_url', label: 'Joining link', kind: 'url', nullable: true, maxLength: 2000, hint: 'Required for an online session: an https:// address. Never shown on the shop\'s pages.' },
  { name: 'capacity', label: 'Capacity (places)', kind: 'number', required: true },
  // Shown, never saved: cancelling e-mails buyers and delegates, so it is the "Cancel session…" action (ADR 0050).
  {
    name: 'status', label: 'Status', kind: 'select', readOnly: true,
    options: [{ value: 'scheduled', label: 'Scheduled' }, { value: 'cancelled', label: 'Cancelled (not bookable)' }],
    hint: 'A saved session is cancelled with "Cancel session…", which e-mails its buyers and delegates.',
  },
  { name: 'notes', label: 'Notes for delegates', kind: 'textarea', nullable: true, maxLength: 5000, hint: 'What to bring, parking, access.' },
];

/** The course options staff can schedule, by product and name (`GET /api/admin/sessions/course-options`). */
export function useCourseOptions() {
  return useQuery({ queryKey: [`${sessions.api}/course-options`], queryFn: () => apiFetch<CourseOptionView[]>(`${sessions.api}/course-options`) });
}

/** The session's fields with the course select filled in (plus `extra`: a session's own option no longer for sale). */
export function withCourseOptions(options: readonly CourseOptionView[], extra?: { value: string; label: string }): FieldSpec[] {
  const choices = options.map((option) => ({ value: String(option.id), label: `${option.product_title} — ${option.name}` }));
  if (extra && !choices.some((choice) => choice.value === extra.value)) choices.push(extra);
  return sessionFields.map((field) => (field.name === 'option_id' ? { ...field, options: choices } : field));
}
