import { DomainError, NotFoundError } from '../../../shared/domain-error.js';

/** 404: no such licence of this buyer (another customer's licence answers the same). */
export class LicenceNotFoundError extends NotFoundError {
  constructor() {
    super('That licence');
  }
}

/** 404: no such learner holding a seat on this buyer's licence. */
export class LearnerNotFoundError extends NotFoundError {
  constructor() {
    super('That learner');
  }
}

/** 409: the invitations need more seats than are free; nothing was sent (all or nothing). */
export class NotEnoughSeatsError extends DomainError {
  constructor(
    readonly wanted: number,
    readonly free: number,
  ) {
    super(
      'conflict',
      free === 0
        ? `This licence has no free seats, so none of the ${wanted === 1 ? 'invitation was' : `${wanted} invitations were`} sent. Take back a seat or buy more.`
        : `This licence has ${free === 1 ? '1 free seat' : `${free} free seats`}, but you asked to invite ${wanted}. Nobody was invited: remove ${wanted - free} and try again.`,
    );
  }
}

/** 422: some addresses cannot be invited (`emails[i]`: not an address, or already holding a seat); nobody was. */
export class InvitationsRefusedError extends DomainError {
  constructor(problems: Record<string, string[]>) {
    super('invalid', 'Some addresses cannot be invited: nobody was invited.', problems);
  }
}

/** 409: the licence's order was refunded or cancelled. */
export class LicenceRevokedError extends DomainError {
  constructor() {
    super('conflict', 'This licence was revoked because its order was refunded or cancelled: it has no seats to give.');
  }
}

/** 409: a completed seat stays used (the certificate and the training record rest on it). */
export class SeatCompletedError extends DomainError {
  constructor() {
    super('conflict', 'This learner has completed the course: the seat stays used and cannot be taken back.');
  }
}

/** 404: no invitation has this link (mistyped, or never sent). */
export class InvitationNotFoundError extends NotFoundError {
  constructor() {
    super('That invitation');
  }
}

/** 410: the invitation existed but can no longer be used; the message says why and what to do. */
export class InvitationGoneError extends DomainError {
  constructor(reason: 'expired' | 'used' | 'withdrawn' | 'revoked') {
    super('gone', INVITATION_GONE[reason]);
  }
}

export const INVITATION_GONE = {
  expired: 'This invitation has expired (links work for 14 days). Ask whoever invited you to send a new one.',
  used: 'This invitation has already been used by another account. Ask whoever invited you to send a new one.',
  withdrawn: 'This invitation was withdrawn by whoever sent it. Ask them if you still need the course.',
  revoked: 'This invitation is no longer valid: the licence it came from was cancelled.',
} as const;

/** 409: one person takes one seat of a licence. */
export class SeatAlreadyHeldError extends DomainError {
  constructor() {
    super('conflict', 'You already hold a seat on this licence: open the course from "My courses".');
  }
}
