import { Inject, Injectable } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { InvalidInputError } from '../../../shared/domain-error.js';
import { OutboundMail } from '../../../platform/mail/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { StockService } from '../../catalogue/index.js';
import {
  InvitationsRefusedError, LicenceNotFoundError, LicenceRevokedError, LearnerNotFoundError, NotEnoughSeatsError, SeatCompletedError,
} from '../domain/licence-errors.js';
import { SEAT_HOLDING_STATUSES, checkInvitations, freeSeats, invitationExpiry, MAX_INVITATIONS_PER_REQUEST } from '../domain/licence-rules.js';
import { invitationMail } from './invitation-mail.js';
import { newInvitationToken } from './invitation-token.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import type { InvitationsView, LearnerView, LicenceView } from './licence-views.js';
import { toLearnerView, toLicenceView } from './licence-mappers.js';
import { LICENCE_STORE, type LicenceStore } from './ports/licence-store.port.js';

/** Who is inviting (the signed-in buyer), for the e-mail. */
export interface Inviter {
  userId: number;
  name: string;
}

/**
 * The buyer's licences (issue 26, ADR 0040): list them with their learners, invite learners by e-mail (all or
 * nothing, under the licence's row lock so racing requests never exceed the seats), take a seat back.
 */
@Injectable()
export class LicenceService {
  constructor(
    @Inject(LICENCE_STORE) private readonly store: LicenceStore,
    private readonly stock: StockService,
    private readonly transactions: Transactions,
    private readonly mail: OutboundMail,
    private readonly env: Environment,
  ) {}

  /**
   * The customer's licences, newest first: one statement for licences and learners, one for their products. The page
   * asks for the first `learnerLimit` learners of each (ADR 0057); the API for all (null) unless `?learners=N` (ADR 0062).
   */
  async listForCustomer(customerId: number, learnerLimit: number | null = null): Promise<LicenceView[]> {
    const licences = await this.store.listForCustomer(customerId, learnerLimit);
    const options = await this.stock.describe(licences.map(({ licence }) => licence.optionId));
    return licences.map((entry) => toLicenceView(entry.licence, entry.learners, options.get(entry.licence.optionId), entry));
  }

  /** `/account/training/licences/{id}`: the licence with one page of its learners, oldest first; another customer's is not found. */
  async findForCustomer(customerId: number, licenceId: number, page: number, perPage: number): Promise<{ licence: LicenceView; meta: Page<LearnerView>['meta'] }> {
    const entry = await this.store.findForCustomer(customerId, licenceId, { offset: (page - 1) * perPage, limit: perPage });
    if (!entry) throw new LicenceNotFoundError();
    const option = (await this.stock.describe([entry.licence.optionId])).get(entry.licence.optionId);
    const licence = toLicenceView(entry.licence, entry.learners, option, entry);
    return { licence, meta: pageOf(licence.learners, entry.learnerCount, page, perPage).meta };
  }

  /**
   * `GET /api/account/licences/{id}/learners` (ADR 0062): one page of the licence's learners, oldest invitation first,
   * those whose address or name contains `search` when given; another customer's licence is not found.
   */
  async learnersForCustomer(customerId: number, licenceId: number, query: { page: number; perPage: number; search?: string | undefined }): Promise<Page<LearnerView>> {
    const { page, perPage } = query;
    const entry = await this.store.findForCustomer(customerId, licenceId, { offset: (page - 1) * perPage, limit: perPage, search: query.search ?? null });
    if (!entry) throw new LicenceNotFoundError();
    return pageOf(entry.learners.map(toLearnerView), entry.matching, page, perPage);
  }

  /**
   * Invites every address or none. The licence row is locked first (`select … for update`), so a second request
   * for the same licence waits until this one has counted and written: 12 racing invitations for 10 free seats
   * give exactly 10, and the eleventh and twelfth are told how many seats are free (none).
   */
  async invite(customerId: number, licenceId: number, emails: readonly string[], inviter: Inviter): Promise<InvitationsView> {
    if (emails.length === 0) throw new InvalidInputError('emails', 'Enter at least one e-mail address.');
    if (emails.length > MAX_INVITATIONS_PER_REQUEST) {
      throw new InvalidInputError('emails', `Invite at most ${MAX_INVITATIONS_PER_REQUEST} people at a time.`);
    }
    return this.transactions.run(async () => {
      const licence = await this.store.lockForCustomer(customerId, licenceId);
      if (!licence) throw new LicenceNotFoundError();
      if (licence.revokedAt) throw new LicenceRevokedError();
      const holders = await this.store.seatHolders(licence.id);
      const check = checkInvitations(emails, new Set(holders));
      if (Object.keys(check.problems).length > 0) throw new InvitationsRefusedError(check.problems);
      const free = freeSeats(licence.seats, holders.length, false);
      if (check.emails.length > free) throw new NotEnoughSeatsError(check.emails.length, free);

      const now = new Date();
      const tokens = new Map(check.emails.map((email) => [email, newInvitationToken()]));
      const invited = await this.store.insertInvitations(
        licence.id,
        check.emails.map((email) => ({ email, tokenHash: tokens.get(email)!.hash, invitedAt: now, expiresAt: invitationExpiry(now) })),
      );
      const course = (await this.stock.describe([licence.optionId])).get(licence.optionId)?.productTitle ?? 'your online course';
      // Queued in this transaction (OutboundMail → the job queue): the e-mails go if and only if the seats are taken.
      for (const learner of invited) {
        const link = `${this.env.publicUrl}/learn/invitations/${tokens.get(learner.email)!.token}`;
        await this.mail.send(invitationMail({ to: learner.email, course, inviter: inviter.name, link, expiresAt: invitationExpiry(now) }));
      }
      return { invited: invited.map(toLearnerView), seats_free: free - invited.length };
    });
  }

  /** Takes a seat back (invited or enrolled, not completed): the seat is free again and the link stops working. */
  async takeBack(customerId: number, licenceId: number, learnerId: number): Promise<void> {
    await this.transactions.run(async () => {
      const licence = await this.store.lockForCustomer(customerId, licenceId);
      if (!licence) throw new LicenceNotFoundError();
      const learner = await this.store.findLearner(licence.id, learnerId);
      if (!learner || !SEAT_HOLDING_STATUSES.includes(learner.status)) throw new LearnerNotFoundError();
      if (learner.status === 'completed') throw new SeatCompletedError();
      await this.store.withdraw(learner.id);
    });
  }
}
