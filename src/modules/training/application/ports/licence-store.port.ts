import type { EnrolmentStatus } from '../../domain/licence-rules.js';

export const LICENCE_STORE = Symbol('LicenceStore');

/** A licence to create for one order line (idempotent per line). */
export interface NewLicence {
  orderId: number;
  orderLineId: number;
  customerId: number;
  productId: number;
  optionId: number;
  seats: number;
}

export interface LicenceRow {
  id: number;
  orderId: number;
  customerId: number;
  productId: number;
  optionId: number;
  seats: number;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface LearnerRow {
  id: number;
  licenceId: number;
  email: string;
  name: string | null;
  userId: number | null;
  status: EnrolmentStatus;
  invitedAt: Date;
  invitationExpiresAt: Date | null;
  enrolledAt: Date | null;
  completedAt: Date | null;
  score: number | null;
  certificateCode: string | null;
  watchedSeconds: number;
}

/** A licence with some of its learners and the counts of all of them (a page shows a few of 50). */
export interface LicenceWithLearners {
  licence: LicenceRow;
  learners: LearnerRow[];
  /** Learners not withdrawn. */
  learnerCount: number;
  /** Seats held (invited, enrolled, completed). */
  seatsUsed: number;
}

/** A page of a licence's learners (ADR 0062): `search` is part of the address or the name, taken literally. */
export interface LearnerPageQuery {
  offset: number;
  limit: number;
  search?: string | null;
}

export interface NewInvitation {
  email: string;
  tokenHash: string;
  invitedAt: Date;
  expiresAt: Date;
}

/** An invitation found by its link's hash, with what the landing page and the acceptance need of its licence. */
export interface InvitationRow extends LearnerRow {
  licence: LicenceRow;
}

/**
 * The licences and their seats (`training_licences`, `training_enrolments`), in plain SQL: seats are counted and
 * taken under the licence's row lock, which an ORM unit of work would only hide (ADR 0040).
 */
export interface LicenceStore {
  /** Inserts the licences that do not exist yet (one per order line); returns how many were new. */
  createForOrder(licences: readonly NewLicence[]): Promise<number>;
  /** Marks the order's licences revoked and their unfinished seats `revoked`; returns how many of each. */
  revokeForOrder(orderId: number, at: Date): Promise<{ licences: number; seats: number }>;
  /**
   * A partial refund of an online line (ADR 0045): the line's licence loses `seats` seats — free ones first, then
   * seats of learners who have not completed (invitations before enrolments, newest first), which become `revoked`;
   * completed seats are never taken. A licence left with no seat is revoked. Returns the learners' seats revoked.
   */
  revokeSeatsOfLine(orderLineId: number, seats: number, at: Date): Promise<number>;
  /**
   * The customer's licences, newest first, each with its counts and its first `learnerLimit` learners (not the
   * withdrawn ones; all when null), in one statement.
   */
  listForCustomer(customerId: number, learnerLimit: number | null): Promise<LicenceWithLearners[]>;
  /**
   * The customer's licence with its counts and a page of its learners (oldest first), only those whose address or name
   * contains `search` when given; `matching` counts them (all the learners without a search). Null if absent or
   * another customer's.
   */
  findForCustomer(customerId: number, licenceId: number, learners: LearnerPageQuery): Promise<(LicenceWithLearners & { matching: number }) | null>;
  /** Locks the customer's licence row (in the caller's transaction); null if absent or another customer's. */
  lockForCustomer(customerId: number, licenceId: number): Promise<LicenceRow | null>;
  /** Addresses holding a seat of the licence now (invited, enrolled, completed). */
  seatHolders(licenceId: number): Promise<string[]>;
  insertInvitations(licenceId: number, invitations: readonly NewInvitation[]): Promise<LearnerRow[]>;
  findLearner(licenceId: number, learnerId: number): Promise<LearnerRow | null>;
  /** The buyer took the seat back: it is free again and its link answers 410. */
  withdraw(learnerId: number): Promise<void>;
  /** The invitation with this link hash; `lock` (accepting) locks its licence's row, as invitations and take-backs do. */
  findInvitation(tokenHash: string, lock: boolean): Promise<InvitationRow | null>;
  /** Whether the user already holds another learning seat of the licence. */
  userHoldsSeat(licenceId: number, userId: number, exceptLearnerId: number): Promise<boolean>;
  enrol(learnerId: number, userId: number, name: string, at: Date): Promise<void>;
  /** The user's enrolments that may learn (enrolled, completed: a refund revokes only unfinished ones), newest first. */
  listForLearner(userId: number): Promise<Array<{ learner: LearnerRow; licence: LicenceRow }>>;
}
