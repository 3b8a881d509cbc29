import { Inject, Injectable } from '@nestjs/common';
import { InvalidInputError } from '../../../shared/domain-error.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { StockService } from '../../catalogue/index.js';
import { UserDirectory } from '../../identity/index.js';
import { INVITATION_GONE, InvitationGoneError, InvitationNotFoundError, SeatAlreadyHeldError } from '../domain/licence-errors.js';
import { LEARNER_NAME_MAX_LENGTH } from '../domain/licence-rules.js';
import { progressOf } from '../domain/watched-time.js';
import { CourseService } from './course.service.js';
import { hashInvitationToken, plausibleToken } from './invitation-token.js';
import { productOf } from './licence-mappers.js';
import type { InvitationLookup, LearnerCourseView } from './licence-views.js';
import { LICENCE_STORE, type InvitationRow, type LicenceStore } from './ports/licence-store.port.js';

/** The signed-in person accepting an invitation. */
export interface Learner {
  userId: number;
  /** Their profile's name ("first last", trimmed; empty when the profile has none). */
  profileName: string;
}

type Refusal = keyof typeof INVITATION_GONE;

/**
 * The learner's side of a licence (issue 26): the invitation link's landing page, accepting it (which binds the
 * seat to the signed-in account and names the learner for the certificate), and their list of courses.
 */
@Injectable()
export class LearnerService {
  constructor(
    @Inject(LICENCE_STORE) private readonly store: LicenceStore,
    private readonly stock: StockService,
    private readonly users: UserDirectory,
    private readonly transactions: Transactions,
    private readonly courseContent: CourseService,
  ) {}

  /** What the landing page shows, changing nothing (mail scanners open links before people do). */
  async inspect(token: string, userId: number | null): Promise<InvitationLookup> {
    if (!plausibleToken(token)) return { state: 'unknown' };
    const invitation = await this.store.findInvitation(hashInvitationToken(token), false);
    if (!invitation) return { state: 'unknown' };
    const course = await this.courseOf(invitation);
    if (userId !== null && invitation.userId === userId && invitation.status !== 'withdrawn' && invitation.status !== 'revoked') {
      return { state: 'accepted', course, enrolment_id: invitation.id };
    }
    const refusal = refusalOf(invitation, new Date());
    if (refusal) return { state: 'gone', message: INVITATION_GONE[refusal] };
    const invitedBy = (await this.users.displayNames([invitation.licence.customerId])).get(invitation.licence.customerId) || 'Your employer';
    return { state: 'open', course, invited_by: invitedBy, email: invitation.email, expires_at: invitation.invitationExpiresAt!.toISOString() };
  }

  /**
   * Accepts the invitation for the signed-in user: single use even when two tabs race (the licence's row is locked,
   * so one person cannot take two of its seats at once either).
   * The same user accepting again gets the same enrolment (a double click); anybody else a 410 that says why.
   */
  async accept(token: string, learner: Learner, givenName: string | undefined): Promise<{ enrolment_id: number }> {
    if (!plausibleToken(token)) throw new InvitationNotFoundError();
    return this.transactions.run(async () => {
      const invitation = await this.store.findInvitation(hashInvitationToken(token), true);
      if (!invitation) throw new InvitationNotFoundError();
      const mine = invitation.userId === learner.userId;
      if (mine && (invitation.status === 'enrolled' || invitation.status === 'completed')) return { enrolment_id: invitation.id };
      const refusal = refusalOf(invitation, new Date());
      if (refusal) throw new InvitationGoneError(refusal);
      const name = (givenName ?? '').trim() || learner.profileName.trim();
      if (!name) throw new InvalidInputError('name', 'Enter your name as it should appear on your certificate.');
      if (name.length > LEARNER_NAME_MAX_LENGTH) throw new InvalidInputError('name', `Your name may have at most ${LEARNER_NAME_MAX_LENGTH} characters.`);
      if (await this.store.userHoldsSeat(invitation.licenceId, learner.userId, invitation.id)) throw new SeatAlreadyHeldError();
      await this.store.enrol(invitation.id, learner.userId, name, new Date());
      return { enrolment_id: invitation.id };
    });
  }

  /** GET /api/learn: the signed-in learner's courses, newest first. */
  async courses(userId: number): Promise<LearnerCourseView[]> {
    const rows = await this.store.listForLearner(userId);
    const options = await this.stock.describe(rows.map(({ licence }) => licence.optionId));
    const durations = await this.filmDurations(rows.map(({ licence }) => licence.productId));
    return rows.map(({ learner, licence }) => ({
      id: learner.id,
      product: productOf(licence.productId, options.get(licence.optionId)),
      status: learner.status,
      progress: progressOf(learner.watchedSeconds, durations.get(licence.productId) ?? null, learner.status === 'completed'),
      certificate_code: learner.certificateCode,
    }));
  }

  /** Each product's film length (a learner has a handful of courses: one read each). */
  private async filmDurations(productIds: number[]): Promise<Map<number, number | null>> {
    const unique = [...new Set(productIds)];
    const courses = await Promise.all(unique.map((id) => this.courseContent.course(id)));
    return new Map(unique.map((id, i) => [id, courses[i]?.duration ?? null]));
  }

  private async courseOf(invitation: InvitationRow) {
    const option = (await this.stock.describe([invitation.licence.optionId])).get(invitation.licence.optionId);
    return productOf(invitation.licence.productId, option);
  }
}

/** Why an invitation can no longer be accepted (by anybody but the one who accepted it), or null. */
function refusalOf(invitation: InvitationRow, now: Date): Refusal | null {
  if (invitation.status === 'withdrawn') return 'withdrawn';
  if (invitation.status === 'revoked' || invitation.licence.revokedAt) return 'revoked';
  if (invitation.status !== 'invited') return 'used';
  if (invitation.invitationExpiresAt && invitation.invitationExpiresAt <= now) return 'expired';
  return null;
}
