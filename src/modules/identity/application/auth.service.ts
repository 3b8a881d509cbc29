import { Inject, Injectable } from '@nestjs/common';
import { DomainError, InvalidInputError, RateLimitedError } from '../../../shared/domain-error.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { clientKey, RateLimiter } from '../../../platform/rate-limit/index.js';
import { Environment } from '../../../config/environment.js';
import { localSecret } from '../../../config/local-secret.js';
import { emailTaken } from '../domain/identity-errors.js';
import { normaliseEmail, User } from '../domain/user.entity.js';
import { DeviceCookies } from './device-cookies.js';
import { hashPassword, passwordNeedsRehash, passwordProblems, verifyPassword } from './passwords.js';
import { EmailVerificationService } from './email-verification.service.js';
import { USER_REPOSITORY, type UserRepository } from './ports/user-repository.port.js';
import { type ClientInfo, type IssuedSession, SessionService } from './session.service.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { toUserView, type UserView } from './user-view.js';

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  companyName?: string | null;
  remember: boolean;
}

export interface SignedIn extends IssuedSession {
  user: UserView;
}

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
  /** The browser's device cookie, if it sent one (sign-in-throttle.ts). */
  deviceCookie?: string | null;
}

/** A password sign-in also hands the browser a fresh device cookie for the account. */
export interface SignedInWithPassword extends SignedIn {
  deviceCookie: string;
}

/** product.md: one generic message for every failed login. */
export const BAD_CREDENTIALS = 'These credentials do not match our records.';
/** Registrations per client address in 10 minutes: each costs an argon2 hash and may reveal a taken e-mail. */
const REGISTRATIONS_PER_CLIENT = 10;

@Injectable()
export class AuthService {
  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    private readonly sessions: SessionService,
    private readonly rateLimiter: RateLimiter,
    private readonly transactions: Transactions,
    private readonly throttle: SignInThrottle,
    private readonly env: Environment,
    private readonly emailVerification: EmailVerificationService,
  ) {}

  private deviceCookiesOnce?: DeviceCookies;
  // Read on first use, not at start-up: the CLI boots this service too and never signs anybody in.
  private get deviceCookies(): DeviceCookies {
    this.deviceCookiesOnce ??= new DeviceCookies(this.env.DEVICE_COOKIE_SECRET ?? localSecret(this.env, 'device-cookie-secret'));
    return this.deviceCookiesOnce;
  }

  async register(input: RegisterInput, client: ClientInfo): Promise<SignedIn> {
    const byClient = await this.rateLimiter.hit(`register:client:${clientKey(client.ip)}`, 10 * 60_000);
    if (byClient.hits > REGISTRATIONS_PER_CLIENT) {
      throw new RateLimitedError(`Too many new accounts from here. Please try again in ${byClient.retryAfterSeconds} seconds.`, byClient.retryAfterSeconds);
    }
    const email = normaliseEmail(input.email);
    const problems = passwordProblems(input.password, [email, input.firstName, input.lastName]);
    if (problems.length > 0) throw new DomainError('invalid', 'The given data was invalid.', { password: problems });
    const passwordHash = await hashPassword(input.password);
    return this.transactions.run(async () => {
      // The unique index settles a race between two registrations; the repository turns it into this error.
      if (await this.users.findByEmail(email)) throw emailTaken();
      // Only the fields of the form: the role and everything else keep their defaults (no mass assignment).
      const user = new User({ email, firstName: input.firstName, lastName: input.lastName });
      user.companyName = input.companyName ?? null;
      user.passwordHash = passwordHash;
      user.lastLoginAt = new Date();
      await this.users.save(user);
      // Nobody has proved the address yet (ADR 0033): the account shops at once, the link proves it later.
      await this.emailVerification.requestFor(user);
      const session = await this.sessions.issue(user, input.remember, client);
      return { ...session, user: toUserView(user) };
    });
  }

  async login(input: LoginInput, client: ClientInfo): Promise<SignedInWithPassword> {
    const email = normaliseEmail(input.email);
    const user = await this.users.findByEmail(email);
    // Only a device cookie of this very account exempts the attempt from other clients' failures.
    const device = this.deviceCookies.read(input.deviceCookie);
    const admission = await this.throttle.admit({ email, ip: client.ip, device: device && user && device.userId === user.id ? device : null });
    if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) {
      throw new InvalidInputError('email', BAD_CREDENTIALS);
    }
    await this.throttle.succeeded(admission);
    user.lastLoginAt = new Date();
    // A hash made with older (heavier) settings is rewritten with today's while the password is at hand.
    if (user.passwordHash && passwordNeedsRehash(user.passwordHash)) user.passwordHash = await hashPassword(input.password);
    await this.users.save(user);
    const signedIn = await this.signIn(user, input.remember, client);
    return { ...signedIn, deviceCookie: this.deviceCookies.issue(user.id) };
  }

  /** Starts a session for a user who proved who they are some other way (OAuth). */
  async signIn(user: User, remember: boolean, client: ClientInfo): Promise<SignedIn> {
    const session = await this.sessions.issue(user, remember, client);
    return { ...session, user: toUserView(user) };
  }

  /** Seed: logout clears everything even if the call fails, so this never fails for a bad token. */
  async logout(token: string | null): Promise<void> {
    if (token) await this.sessions.revokeToken(token);
  }
}
