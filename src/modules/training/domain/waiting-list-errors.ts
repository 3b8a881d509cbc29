import { DomainError } from '../../../shared/domain-error.js';

/** 409: the session still has places, so the customer books one instead of waiting (ADR 0051). */
export class SessionHasPlacesLeftError extends DomainError {
  constructor(left: number) {
    super('conflict', `${left} ${left === 1 ? 'place is' : 'places are'} left on this session: book one instead of joining the waiting list.`);
  }
}
