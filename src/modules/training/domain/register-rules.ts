/**
 * A session's register (issue 27, ADR 0049): when attendance may be marked, and what one save of the register
 * changes — who gets a certificate, whose certificate is revoked, which entries are refused. Pure: no framework, no
 * database.
 */
export interface RegisterSession {
  startsAt: Date;
  status: string;
}

/** Why attendance cannot be marked on the session now, or null when it can (started, not cancelled). */
export function attendanceClosedReason(session: RegisterSession, now: Date): string | null {
  if (session.status === 'cancelled') return 'This session is cancelled: it has no attendance to mark.';
  if (now.getTime() < session.startsAt.getTime()) return 'Attendance can be marked once the session has started.';
  return null;
}

/** One entry of `PUT /api/admin/sessions/{id}/attendance`. */
export interface AttendanceEntry {
  delegateId: number;
  attended: boolean;
}

/** A delegate as the register's save sees them: whose session their place is on, and what is already recorded. */
export interface DelegateOnRegister {
  id: number;
  sessionId: number;
  /** The place was given back (order cancelled or refunded): not on the register any more. */
  released: boolean;
  attended: boolean;
  certificateCode: string | null;
}

export interface AttendancePlan {
  /** Newly attended: each gets one certificate. */
  certify: number[];
  /** Attended before, unmarked now: their certificate is revoked. */
  unmark: number[];
  /** Field → reasons (`delegates.{i}.delegate_id`), empty when the whole save may go ahead. */
  problems: Record<string, string[]>;
}

/**
 * What a save changes. Entries that repeat the recorded state change nothing (marking twice issues one certificate);
 * an entry naming a delegate not on this session's register is refused by its position, and then nothing is saved.
 */
export function planAttendance(sessionId: number, entries: readonly AttendanceEntry[], delegates: ReadonlyMap<number, DelegateOnRegister>): AttendancePlan {
  const plan: AttendancePlan = { certify: [], unmark: [], problems: {} };
  const seen = new Set<number>();
  entries.forEach((entry, index) => {
    const field = `delegates.${index}.delegate_id`;
    const delegate = delegates.get(entry.delegateId);
    if (!delegate || delegate.sessionId !== sessionId || delegate.released) {
      plan.problems[field] = ['Not a delegate on this session\'s register.'];
    } else if (seen.has(entry.delegateId)) {
      plan.problems[field] = ['This delegate is listed twice.'];
    } else if (entry.attended && !delegate.attended) {
      plan.certify.push(delegate.id);
    } else if (!entry.attended && delegate.attended) {
      plan.unmark.push(delegate.id);
    }
    seen.add(entry.delegateId);
  });
  return plan;
}
