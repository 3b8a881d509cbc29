import { DomainError, NotFoundError } from '../../../shared/domain-error.js';

/** 404: no session has that id (staff), or it is not bookable and not listed (public). */
export class SessionNotFoundError extends NotFoundError {
  constructor() {
    super('That session');
  }
}

/** 422 with the fields a session must not be saved with (domain/session-rules.ts). */
export class SessionRefusedError extends DomainError {
  constructor(problems: Record<string, string[]>) {
    super('invalid', 'The given data was invalid.', problems);
  }
}

/** 409: staff may delete a session only while nobody holds a place; otherwise it is cancelled (a later slice). */
export class SessionHasPlacesError extends DomainError {
  constructor(taken: number) {
    super('conflict', `${taken} ${taken === 1 ? 'place is' : 'places are'} taken on this session, so it cannot be deleted.`);
  }
}

/** 409 at checkout: the last places went to someone else first; nothing was ordered. */
export class SessionFullError extends DomainError {
  constructor(label: string, left: number) {
    super(
      'conflict',
      left <= 0
        ? `The session "${label}" is now full, so nothing was ordered. Choose another date in your basket.`
        : `Only ${left} ${left === 1 ? 'place is' : 'places are'} left on the session "${label}", so nothing was ordered.`,
    );
  }
}
