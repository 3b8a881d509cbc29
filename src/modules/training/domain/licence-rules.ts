import { TRAINING_LIMITS } from '../../../shared/contracts/training.js';

/**
 * The pure rules of online licences (issue 26, ADR 0040): how many seats a line gives, how many are free, which
 * learners hold a seat, how a pasted list of addresses is read, and how long an invitation link lives.
 */

/** A learner's state. `withdrawn`: the buyer took the seat back; `revoked`: the order was refunded or cancelled. */
export const ENROLMENT_STATUSES = ['invited', 'enrolled', 'completed', 'withdrawn', 'revoked'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/** The states that hold a seat: a completed seat stays used for good, a withdrawn or revoked one is free again. */
export const SEAT_HOLDING_STATUSES: readonly EnrolmentStatus[] = ['invited', 'enrolled', 'completed'];

/** The states whose learner may take the course (a revoked or withdrawn learner has lost access). */
export const LEARNING_STATUSES: readonly EnrolmentStatus[] = ['enrolled', 'completed'];

/** How long an invitation link works. */
export const INVITATION_DAYS = TRAINING_LIMITS.invitationDays;
export const MAX_INVITATIONS_PER_REQUEST = TRAINING_LIMITS.invitationsPerRequest;
export const EMAIL_MAX_LENGTH = TRAINING_LIMITS.email;
export const LEARNER_NAME_MAX_LENGTH = TRAINING_LIMITS.learnerName;

/** A licence's seats: the option's seats per unit (null for options made before seats existed: 1) × the quantity. */
export function licenceSeats(optionSeats: number | null, qty: number): number {
  const perUnit = optionSeats !== null && Number.isSafeInteger(optionSeats) && optionSeats > 0 ? optionSeats : 1;
  return perUnit * qty;
}

/** Free seats: none on a revoked licence, never fewer than none. */
export function freeSeats(seats: number, used: number, revoked: boolean): number {
  return revoked ? 0 : Math.max(0, seats - used);
}

export function invitationExpiry(invitedAt: Date): Date {
  return new Date(invitedAt.getTime() + INVITATION_DAYS * 24 * 60 * 60_000);
}

/** Lower-cased and trimmed: two spellings of one address are one learner. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

// One address, as people type them: a local part without spaces or separators, a dotted domain.
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;

/** Why an address cannot be invited, or null when it can. */
export function emailProblem(email: string): string | null {
  if (email.length === 0) return 'Enter an e-mail address.';
  if (email.length > EMAIL_MAX_LENGTH) return `An e-mail address has at most ${EMAIL_MAX_LENGTH} characters.`;
  if (!EMAIL.test(email)) return `"${email}" is not an e-mail address.`;
  return null;
}

/**
 * A pasted list ("a@x.co.uk, b@x.co.uk; c@x.co.uk" or one per line, perhaps "Name <a@x.co.uk>" from a mail
 * program) → the addresses, in order, blanks dropped. Duplicates are kept: the service reports them.
 */
export function parseEmailList(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((part) => {
      const bracketed = /<([^<>]*)>/.exec(part);
      return (bracketed ? bracketed[1]! : part).trim();
    })
    .filter((part) => part.length > 0);
}

export interface InvitationCheck {
  /** The addresses to invite, normalised, each once, in the order given. */
  emails: string[];
  /** Reasons by the API's field name (`emails[3]`). */
  problems: Record<string, string[]>;
}

/**
 * Checks a request's addresses against each other and against the learners already holding a seat (normalised
 * addresses). Decision (ADR 0040): an address given twice in one list is invited once (people paste lists with
 * repeats); an address that already holds a seat on this licence is refused (422 on that entry), so the buyer
 * learns it rather than silently spending nothing.
 */
export function checkInvitations(given: readonly string[], holding: ReadonlySet<string>): InvitationCheck {
  const emails: string[] = [];
  const problems: Record<string, string[]> = {};
  const seen = new Set<string>();
  given.forEach((raw, index) => {
    const email = normaliseEmail(raw);
    const problem = emailProblem(email);
    if (problem) problems[`emails[${index}]`] = [problem];
    else if (holding.has(email)) problems[`emails[${index}]`] = [`${email} already holds a seat on this licence.`];
    else if (!seen.has(email)) {
      seen.add(email);
      emails.push(email);
    }
  });
  return { emails, problems };
}
