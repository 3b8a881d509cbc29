import { DomainError } from '../../../shared/domain-error.js';

/** 409: a cancelled session is not moved (its buyers are already choosing); create a new date instead. */
export class SessionCancelledError extends DomainError {
  constructor() {
    super('conflict', 'This session is cancelled, so it cannot be moved: add a new date instead.');
  }
}

/** 409: the place is not waiting for the buyer's choice (its session was not changed, or they chose already). */
export class PlaceNotAffectedError extends DomainError {
  constructor() {
    super('conflict', 'This place has nothing to choose: its session was not cancelled or moved, or you have chosen already.');
  }
}

/** 409: the date chosen for a transfer has not enough places left (someone took them first). */
export class TransferFullError extends DomainError {
  constructor(label: string) {
    super('conflict', `The session "${label}" has not enough places left: choose another date.`);
  }
}
