import { DomainError } from '../../../shared/domain-error.js';

/** 409: attendance before the session starts, or on a cancelled session. */
export class AttendanceClosedError extends DomainError {
  constructor(reason: string) {
    super('conflict', reason);
  }
}

/** 422 naming each refused entry (`delegates.{i}.delegate_id`). */
export class AttendanceRefusedError extends DomainError {
  constructor(problems: Record<string, string[]>) {
    super('invalid', 'The given data was invalid.', problems);
  }
}
