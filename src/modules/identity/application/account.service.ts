import { Inject, Injectable } from '@nestjs/common';
import { DomainError, InvalidInputError, NotFoundError, RateLimitedError } from '../../../shared/domain-error.js';
import { OutboundMail } from '../../../platform/mail/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { RateLimiter } from '../../../platform/rate-limit/index.js';
import { emailTaken } from '../domain/identity-errors.js';
import { normaliseEmail, type PostalAddress, type User } from '../domain/user.entity.js';
import { hashPassword, passwordProblems, verifyPassword } from './passwords.js';
import { EmailVerificationService } from './email-verification.service.js';
import { PASSWORD_RESET_REPOSITORY, type PasswordResetRepository } from './ports/password-reset-repository.port.js';
import { USER_REPOSITORY, type UserRepository } from './ports/user-repository.port.js';
import { SessionService, type SessionView } from './session.service.js';
import { toUserView, type UserView } from './user-view.js';

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  companyName?: string | null;
  jobTitle?: string | null;
  phone?: string | null;
  vatNumber?: string | null;
  billingAddress?: PostalAddress | null;
  deliveryAddress?: PostalAddress | null;
  marketingConsent?: boolean;
  email?: string;
  currentPassword?: string;
}

/** Wrong current passwords a user may give in a minute: a stolen session must not become a guessing oracle. */
const PASSWORD_CHECKS_PER_MINUTE = 5;
/**
 * Attempts to change the e-mail address an account may make in an hour, successful or not (issue 25 item 8): each
 * answer tells whether an address has an account, so the profile must not become an enumeration oracle.
 */
export const EMAIL_CHANGES_PER_HOUR = 5;

/** A signed-in customer looking after their own account. */
@Injectable()
export class AccountService {
  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(PASSWORD_RESET_REPOSITORY) private readonly resetTokens: PasswordResetRepository,
    private readonly sessions: SessionService,
    private readonly mail: OutboundMail,
    private readonly rateLimiter: RateLimiter,
    private readonly transactions: Transactions,
    private readonly emailVerification: EmailVerificationService,
  ) {}

  async getProfile(userId: number): Promise<UserView> {
    return toUserView(await this.load(userId));
  }

  async updateProfile(userId: number, currentSessionId: number, changes: ProfileChanges): Promise<UserView> {
    const user = await this.load(userId);
    const newEmail = changes.email !== undefined && normaliseEmail(changes.email) !== user.email ? normaliseEmail(changes.email) : null;
    // Counted before anything else and outside the transaction, so an attempt that ends in "already exists"
    // (which rolls the transaction back) still counts.
    if (newEmail) await this.countEmailChange(user);
    // product.md: changing the e-mail needs the current password (it is where password resets go). Checked
    // before the transaction, so a wrong guess stays counted.
    if (newEmail && user.passwordHash !== null) {
      await this.checkCurrentPassword(user, changes.currentPassword ?? '', 'Enter your current password to change your e-mail address.');
    }
    return this.transactions.run(async () => {
      if (newEmail) await this.changeEmail(user, currentSessionId, newEmail);
      user.firstName = changes.firstName;
      user.lastName = changes.lastName;
      if (changes.companyName !== undefined) user.companyName = changes.companyName;
      if (changes.jobTitle !== undefined) user.jobTitle = changes.jobTitle;
      if (changes.phone !== undefined) user.phone = changes.phone;
      if (changes.vatNumber !== undefined) user.vatNumber = changes.vatNumber;
      if (changes.billingAddress !== undefined) user.billingAddress = changes.billingAddress;
      if (changes.deliveryAddress !== undefined) user.deliveryAddress = changes.deliveryAddress;
      if (changes.marketingConsent !== undefined) user.setMarketingConsent(changes.marketingConsent, new Date());
      await this.users.save(user);
      return toUserView(user);
    });
  }

  /** Needs the current password; ends every other session and outstanding reset link, and tells the owner. */
  async changePassword(userId: number, currentSessionId: number, currentPassword: string, newPassword: string): Promise<void> {
    const user = await this.load(userId);
    await this.checkCurrentPassword(user, currentPassword, 'The current password is incorrect.');
    const problems = passwordProblems(newPassword, [user.email, user.firstName, user.lastName]);
    if (problems.length > 0) throw new DomainError('invalid', 'The given data was invalid.', { password: problems });
    const passwordHash = await hashPassword(newPassword);
    await this.transactions.run(async () => {
      user.passwordHash = passwordHash;
      await this.users.save(user);
      await this.sessions.revokeAllForUser(user.id, currentSessionId);
      await this.resetTokens.invalidateAllForUser(user.id, new Date());
      await this.mail.send({
        to: user.email,
        subject: 'Your password was changed',
        text:
          `Hello ${user.firstName},\n\nThe password of your account was changed just now, and every other ` +
          'device was signed out.\n\nIf this was not you, reset your password straight away and contact us.\n',
      });
    });
  }

  listSessions(userId: number, currentSessionId: number | null): Promise<SessionView[]> {
    return this.sessions.list(userId, currentSessionId);
  }

  revokeSession(userId: number, sessionId: number): Promise<void> {
    return this.sessions.revoke(userId, sessionId);
  }

  private async changeEmail(user: User, currentSessionId: number, email: string): Promise<void> {
    const owner = await this.users.findByEmail(email);
    if (owner && owner.id !== user.id) throw emailTaken();
    const previous = user.email;
    user.changeEmail(email);
    // Whoever holds the old address (or a link sent to it) loses access; the old address is told.
    await this.sessions.revokeAllForUser(user.id, currentSessionId);
    await this.resetTokens.invalidateAllForUser(user.id, new Date());
    await this.mail.send({
      to: previous,
      subject: 'Your e-mail address was changed',
      text:
        `Hello ${user.firstName},\n\nThe e-mail address of your account was changed from ${previous} to ${email}, ` +
        'and every other device was signed out.\n\nIf this was not you, contact us straight away.\n',
    });
    // The new address is unproven until its holder follows the link (ADR 0033).
    await this.users.save(user);
    await this.emailVerification.requestFor(user);
  }

  private async countEmailChange(user: User): Promise<void> {
    const state = await this.rateLimiter.hit(`email-change:user:${user.id}`, 60 * 60_000);
    if (state.hits > EMAIL_CHANGES_PER_HOUR) {
      throw new RateLimitedError(
        `Too many attempts to change your e-mail address. Please try again in ${Math.ceil(state.retryAfterSeconds / 60)} minutes.`,
        state.retryAfterSeconds,
      );
    }
  }

  private async checkCurrentPassword(user: User, password: string, wrongMessage: string): Promise<void> {
    const key = `password-check:user:${user.id}`;
    const state = await this.rateLimiter.hit(key, 60_000);
    if (state.hits > PASSWORD_CHECKS_PER_MINUTE) {
      throw new RateLimitedError(`Too many attempts. Please try again in ${state.retryAfterSeconds} seconds.`, state.retryAfterSeconds);
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw new InvalidInputError('current_password', wrongMessage);
    await this.rateLimiter.release(key);
  }

  private async load(userId: number): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError('User');
    return user;
  }
}
