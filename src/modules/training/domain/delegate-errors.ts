import { DomainError } from '../../../shared/domain-error.js';

/** 422 with the field paths of a delegates request (`places`, `places[1].email`): domain/delegate-rules.ts. */
export class DelegatesRefusedError extends DomainError {
  constructor(problems: Record<string, string[]>) {
    super('invalid', 'The given data was invalid.', problems);
  }
}

/** 409: the order holds no places that can be named (unpaid, cancelled, refunded, or no course places). */
export class DelegatesNotOpenError extends DomainError {
  constructor(reason: string) {
    super('conflict', reason);
  }
}

/** 409: a session's delegates are settled (from 00:00 UK time on its day, or it was cancelled). */
export class DelegatesLockedError extends DomainError {
  constructor(labels: readonly string[]) {
    super(
      'conflict',
      `The delegates for ${labels.map((label) => `"${label}"`).join(' and ')} can no longer be changed: names can be changed until 23:59 UK time ` +
        'the day before the session. Please call us if someone else has to go.',
    );
  }
}
