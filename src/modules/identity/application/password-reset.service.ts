import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { DomainError, InvalidInputError, RateLimitedError } from '../../../shared/domain-error.js';
import { OutboundMail } from '../../../platform/mail/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { JobHandlerRegistry, JobQueue } from '../../../platform/queue/index.js';
import { clientKey, RateLimiter } from '../../../platform/rate-limit/index.js';
import { PasswordResetToken } from '../domain/password-reset-token.entity.js';
import { normaliseEmail } from '../domain/user.entity.js';
import { hashPassword, passwordProblems } from './passwords.js';
import { PASSWORD_RESET_REPOSITORY, type PasswordResetRepository } from './ports/password-reset-repository.port.js';
import { USER_REPOSITORY, type UserRepository } from './ports/user-repository.port.js';
import { hashSecretToken, newSecretToken } from './secret-tokens.js';
import type { ClientInfo } from './session.service.js';
import { SessionService } from './session.service.js';

/** The same answer whether or not the address has an account: no enumeration. */
export const RESET_REQUESTED = 'If an account exists for that address, we have e-mailed a link to reset the password.';
export const RESET_DONE = 'Your password has been reset. You can sign in with it now.';
const INVALID_TOKEN = 'This password reset link is invalid or has expired.';
export const RESET_REQUESTED_JOB = 'identity.password-reset-requested';

const CLIENT_REQUESTS_PER_MINUTE = 5;
const MAILS_PER_ADDRESS_PER_15_MINUTES = 3;

@Injectable()
export class PasswordResetService implements OnModuleInit {
  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(PASSWORD_RESET_REPOSITORY) private readonly tokens: PasswordResetRepository,
    private readonly sessions: SessionService,
    private readonly rateLimiter: RateLimiter,
    private readonly mail: OutboundMail,
    private readonly queue: JobQueue,
    private readonly jobs: JobHandlerRegistry,
    private readonly transactions: Transactions,
    private readonly env: Environment,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ email: string }>(RESET_REQUESTED_JOB, (payload) => this.sendResetLink(payload.email));
  }

  /**
   * Does the same work for every address — one job — so neither the answer nor its timing tells whether
   * an account exists; the worker looks the address up.
   */
  async requestReset(rawEmail: string, client: ClientInfo): Promise<string> {
    const byClient = await this.rateLimiter.hit(`reset:client:${clientKey(client.ip)}`, 60_000);
    if (byClient.hits > CLIENT_REQUESTS_PER_MINUTE) {
      throw new RateLimitedError(`Too many requests. Please try again in ${byClient.retryAfterSeconds} seconds.`, byClient.retryAfterSeconds);
    }
    await this.queue.enqueue(RESET_REQUESTED_JOB, { email: normaliseEmail(rawEmail) });
    return RESET_REQUESTED;
  }

  /** The job: a fresh single-use link for a known address (older links end), at most 3 mails per 15 minutes. */
  async sendResetLink(email: string): Promise<void> {
    const byAddress = await this.rateLimiter.hit(`reset:email:${email}`, 15 * 60_000);
    if (byAddress.hits > MAILS_PER_ADDRESS_PER_15_MINUTES) return;
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const { token, hash } = newSecretToken();
    const link = `${this.env.publicUrl}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
    await this.transactions.run(async () => {
      const now = new Date();
      await this.tokens.invalidateAllForUser(user.id, now);
      await this.tokens.save(new PasswordResetToken(user, hash, now));
      await this.mail.send({
        to: user.email,
        subject: 'Reset your password',
        text:
          `Hello ${user.firstName},\n\nSomeone (hopefully you) asked to reset the password of your account.\n\n` +
          `Choose a new password here (the link works once, for 60 minutes):\n${link}\n\n` +
          'If you did not ask for this, ignore this e-mail: your password stays as it is.\n',
      });
    });
  }

  /** Single use even under races, 60 minutes, for the address it was sent to; ends every session of the account. */
  async resetPassword(input: { token: string; email: string; password: string }): Promise<string> {
    const email = normaliseEmail(input.email);
    if (passwordProblems(input.password).length > 0) {
      throw new DomainError('invalid', 'The given data was invalid.', { password: passwordProblems(input.password) });
    }
    const passwordHash = await hashPassword(input.password);
    return this.transactions.run(async () => {
      const now = new Date();
      const reset = await this.tokens.claim(hashSecretToken(input.token), email, now);
      if (!reset) throw new InvalidInputError('token', INVALID_TOKEN);
      const { user } = reset;
      const problems = passwordProblems(input.password, [user.email, user.firstName, user.lastName]);
      if (problems.length > 0) throw new DomainError('invalid', 'The given data was invalid.', { password: problems });
      user.passwordHash = passwordHash;
      // The link reached the account's mailbox, which is what verifying the address proves (ADR 0033).
      if (user.email === reset.email) user.markEmailVerified(now);
      await this.users.save(user);
      await this.tokens.invalidateAllForUser(user.id, now);
      await this.sessions.revokeAllForUser(user.id);
      return RESET_DONE;
    });
  }
}
