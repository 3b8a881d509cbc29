import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { InvalidInputError, NotFoundError, RateLimitedError } from '../../../shared/domain-error.js';
import { OutboundMail } from '../../../platform/mail/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { JobHandlerRegistry, JobQueue } from '../../../platform/queue/index.js';
import { RateLimiter } from '../../../platform/rate-limit/index.js';
import { EmailVerificationToken } from '../domain/email-verification-token.entity.js';
import type { User } from '../domain/user.entity.js';
import { EMAIL_VERIFICATION_REPOSITORY, type EmailVerificationRepository } from './ports/email-verification-repository.port.js';
import { USER_REPOSITORY, type UserRepository } from './ports/user-repository.port.js';
import { hashSecretToken, newSecretToken } from './secret-tokens.js';

export const VERIFICATION_REQUESTED_JOB = 'identity.email-verification-requested';
export const VERIFICATION_INVALID = 'This verification link is invalid or has expired.';
/** Resends a user may ask for in 15 minutes: each one is an e-mail we send to an address nobody has proved yet. */
const RESENDS_PER_15_MINUTES = 3;

/** What the `/verify-email` page shows: a link to confirm, one already confirmed, or one that cannot be used. */
export type LinkOutcome = { state: 'pending' | 'already_verified'; email: string } | { state: 'invalid'; email: null };

export interface VerificationOutcome {
  email: string;
  /** False when the link had already been used for this address (a mail scanner opened it first): still a success. */
  newlyVerified: boolean;
}

/**
 * E-mail verification (issue 25, ADR 0033): a single-use, 48-hour link mailed to the account's address proves
 * its holder controls it. Unverified accounts shop as before; only linking a provider account by e-mail needs it.
 */
@Injectable()
export class EmailVerificationService implements OnModuleInit {
  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(EMAIL_VERIFICATION_REPOSITORY) private readonly tokens: EmailVerificationRepository,
    private readonly rateLimiter: RateLimiter,
    private readonly mail: OutboundMail,
    private readonly queue: JobQueue,
    private readonly jobs: JobHandlerRegistry,
    private readonly transactions: Transactions,
    private readonly env: Environment,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ userId: number; email: string }>(VERIFICATION_REQUESTED_JOB, (payload) => this.sendLink(payload.userId, payload.email));
  }

  /**
   * Queues a link for the user's current address, in the caller's unit of work (registration, a changed address):
   * the link is made by the worker, so a rolled-back change sends nothing.
   */
  async requestFor(user: User): Promise<void> {
    // Links sent to an earlier address end now, so changing back to it cannot revive them.
    await this.tokens.invalidateAllForUser(user.id, new Date());
    await this.queue.enqueue(VERIFICATION_REQUESTED_JOB, { userId: user.id, email: user.email });
  }

  /** "Resend the link" from the account page: at most 3 in 15 minutes. */
  async resend(userId: number): Promise<string> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError('User');
    if (user.emailVerified) return `Your e-mail address ${user.email} is already verified.`;
    const state = await this.rateLimiter.hit(`email-verification:user:${user.id}`, 15 * 60_000);
    if (state.hits > RESENDS_PER_15_MINUTES) {
      throw new RateLimitedError(`We have sent several links already. Please try again in ${state.retryAfterSeconds} seconds.`, state.retryAfterSeconds);
    }
    await this.requestFor(user);
    return `We have e-mailed a new verification link to ${user.email}.`;
  }

  /** The job: a fresh link (older ones end) if the account still has that address and it is still unproven. */
  async sendLink(userId: number, email: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || user.email !== email || user.emailVerified) return;
    const { token, hash } = newSecretToken();
    const link = `${this.env.publicUrl}/verify-email?token=${token}`;
    await this.transactions.run(async () => {
      const now = new Date();
      await this.tokens.invalidateAllForUser(user.id, now);
      await this.tokens.save(new EmailVerificationToken(user, hash, now));
      await this.mail.send({
        to: user.email,
        subject: 'Confirm your e-mail address',
        text:
          `Hello ${user.firstName},\n\nPlease confirm that ${user.email} is your e-mail address by opening this link ` +
          `(it works once, for 48 hours):\n${link}\n\n` +
          'If you did not create an account or change its e-mail address with us, ignore this e-mail.\n',
      });
    });
  }

  /**
   * What the `/verify-email` page shows, without changing anything: opening the link only offers a button. Mail
   * scanners (Safe Links and the like) open every link in a message; if opening verified, a scanner would verify an
   * account an attacker registered with the victim's address — the very account this verification protects against.
   */
  async inspect(token: string): Promise<LinkOutcome> {
    if (token.length < 20 || token.length > 200) return { state: 'invalid', email: null };
    const found = await this.tokens.findByHash(hashSecretToken(token));
    if (!found || found.user.email !== found.email) return { state: 'invalid', email: null };
    if (found.user.emailVerified) return { state: 'already_verified', email: found.email };
    if (found.usedAt === null && found.expiresAt > new Date()) return { state: 'pending', email: found.email };
    return { state: 'invalid', email: null };
  }

  /**
   * Follows a link: single use even under races, and only while the account still has the address it was sent
   * to. A link already used for the same, verified address answers success again (mail scanners open links first).
   */
  async confirm(token: string): Promise<VerificationOutcome> {
    const hash = hashSecretToken(token);
    return this.transactions.run(async () => {
      const now = new Date();
      const claimed = await this.tokens.claim(hash, now);
      if (claimed && claimed.user.email === claimed.email) {
        claimed.user.markEmailVerified(now);
        await this.users.save(claimed.user);
        await this.tokens.invalidateAllForUser(claimed.user.id, now);
        return { email: claimed.email, newlyVerified: true };
      }
      const used = claimed ?? (await this.tokens.findByHash(hash));
      if (used?.usedAt && used.user.email === used.email && used.user.emailVerified) return { email: used.email, newlyVerified: false };
      throw new InvalidInputError('token', VERIFICATION_INVALID);
    });
  }
}
