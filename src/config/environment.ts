import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import path from 'node:path';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;
const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;

/** The sender when MAIL_FROM is unset: fine for a laptop, a warning in production (platform/mail). */
export const DEFAULT_MAIL_FROM = 'HS Training Direct <no-reply@localhost>';

const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/**
 * Every setting the shop reads from the environment. It is validated once at start-up; a bad value
 * stops the process with one message that lists every problem, instead of failing later and far away.
 */
export class Environment {
  @Transform(({ value }) => (value === undefined || value === '' ? 3000 : Number(value)))
  @IsInt({ message: 'PORT must be a whole number' })
  @Min(0, { message: 'PORT must be between 0 and 65535' })
  @Max(65535, { message: 'PORT must be between 0 and 65535' })
  PORT = 3000;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @Transform(({ value }) => (value === undefined || value === '' ? './var' : value))
  @IsString()
  @MinLength(1)
  DATA_DIR = './var';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { require_protocol: true, require_tld: false, protocols: ['http', 'https'] },
    { message: 'PUBLIC_URL must be an http(s) URL such as https://shop.example.co.uk' },
  )
  PUBLIC_URL?: string;

  // Production unless told otherwise: development conveniences (the dev mailbox with every reset link,
  // the OpenAPI document, a relaxed CSP) must be switched on on purpose (`make dev` does).
  @Transform(({ value }) => (value === undefined || value === '' ? 'production' : value))
  @IsIn(NODE_ENVS, { message: `NODE_ENV must be one of ${NODE_ENVS.join(', ')}` })
  NODE_ENV: (typeof NODE_ENVS)[number] = 'production';

  @Transform(({ value }) => (value === undefined || value === '' ? 'info' : value))
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  /** SMTP server for outgoing mail (`smtp://user:pass@host:587`, `smtps://…`); unset → files in DATA_DIR/mailbox. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /**
   * The sender of every e-mail (`Name <address>`); unset → `DEFAULT_MAIL_FROM` (see `mailFrom`), which production
   * warns about at start-up: nobody reads no-reply@localhost, so invoices and e-mails name the seller's address.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(3)
  MAIL_FROM?: string;

  /** Where enquiries (contact, recruitment, distribution, partnership) are e-mailed; unset → MAIL_FROM's address. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({}, { message: 'ENQUIRIES_TO must be an e-mail address' })
  ENQUIRIES_TO?: string;

  /** Whether this process also runs the durable job queue's worker (the embedded database allows only this one). */
  @Transform(({ value }) => (value === undefined || value === '' ? true : value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value))
  @IsBoolean({ message: 'RUN_QUEUE_WORKER must be true or false' })
  RUN_QUEUE_WORKER = true;

  /** How often the worker looks for due jobs, in milliseconds. */
  @Transform(({ value }) => (value === undefined || value === '' ? 1000 : Number(value)))
  @IsInt({ message: 'QUEUE_POLL_MS must be a whole number' })
  @Min(10, { message: 'QUEUE_POLL_MS must be at least 10' })
  QUEUE_POLL_MS = 1000;

  /** The first retry of a failed job waits this long; attempt n waits it × 2^(n-1), at most an hour (ADR 0008). */
  @Transform(({ value }) => (value === undefined || value === '' ? 5000 : Number(value)))
  @IsInt({ message: 'QUEUE_RETRY_BASE_MS must be a whole number' })
  @Min(10, { message: 'QUEUE_RETRY_BASE_MS must be at least 10' })
  @Max(3_600_000, { message: 'QUEUE_RETRY_BASE_MS may be at most 3600000 (an hour)' })
  QUEUE_RETRY_BASE_MS = 5000;

  /**
   * After SIGTERM, how long the server keeps accepting connections (answering 503 on /api/ready) before it closes
   * its port: a load balancer that polls readiness needs that long to stop sending (ADR 0029).
   */
  @Transform(({ value }) => (value === undefined || value === '' ? 0 : Number(value)))
  @IsInt({ message: 'SHUTDOWN_DELAY_MS must be a whole number' })
  @Min(0, { message: 'SHUTDOWN_DELAY_MS must be at least 0' })
  @Max(120_000, { message: 'SHUTDOWN_DELAY_MS may be at most 120000 (two minutes)' })
  SHUTDOWN_DELAY_MS = 0;

  /** How long requests in flight get to finish once the port is closed; connections still open then are cut (ADR 0029). */
  @Transform(({ value }) => (value === undefined || value === '' ? 10_000 : Number(value)))
  @IsInt({ message: 'SHUTDOWN_TIMEOUT_MS must be a whole number' })
  @Min(100, { message: 'SHUTDOWN_TIMEOUT_MS must be at least 100' })
  @Max(600_000, { message: 'SHUTDOWN_TIMEOUT_MS may be at most 600000 (ten minutes)' })
  SHUTDOWN_TIMEOUT_MS = 10_000;

  /**
   * Proxies whose X-Forwarded-For we believe (comma-separated addresses or CIDRs, e.g. `127.0.0.1,10.0.0.0/8`).
   * Unset: the client address is the socket's, and X-Forwarded-For from anyone is ignored.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/, { message: 'TRUST_PROXY must be a comma-separated list of IP addresses or CIDRs' })
  TRUST_PROXY?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsString() OAUTH_GOOGLE_CLIENT_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() OAUTH_GOOGLE_CLIENT_SECRET?: string;

  /** A generic OpenID Connect provider (any issuer with discovery), offered as provider `oidc`. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_protocol: true, require_tld: false, protocols: ['http', 'https'] }, { message: 'OAUTH_OIDC_ISSUER must be an http(s) URL' })
  OAUTH_OIDC_ISSUER?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() OAUTH_OIDC_CLIENT_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() OAUTH_OIDC_CLIENT_SECRET?: string;
  @Transform(({ value }) => (value === undefined || value === '' ? 'Single sign-on' : value)) @IsString() OAUTH_OIDC_NAME = 'Single sign-on';

  /** Where uploaded files live: `local` (DATA_DIR/files, the default) or `s3` (any S3-compatible object store). */
  @Transform(({ value }) => (value === undefined || value === '' ? 'local' : value))
  @IsIn(['local', 's3'], { message: 'STORAGE_DRIVER must be local or s3' })
  STORAGE_DRIVER: 'local' | 's3' = 'local';

  /** S3 settings, used when STORAGE_DRIVER=s3 (credentials may also come from the AWS SDK's usual sources). */
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_BUCKET?: string;
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_protocol: true, require_tld: false, protocols: ['http', 'https'] }, { message: 'S3_ENDPOINT must be an http(s) URL' })
  S3_ENDPOINT?: string;
  @Transform(({ value }) => (value === undefined || value === '' ? 'eu-west-2' : value)) @IsString() S3_REGION = 'eu-west-2';
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_ACCESS_KEY_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_SECRET_ACCESS_KEY?: string;
  /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most self-hosted stores need. */
  @Transform(({ value }) => (value === undefined || value === '' ? false : value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value))
  @IsBoolean({ message: 'S3_FORCE_PATH_STYLE must be true or false' })
  S3_FORCE_PATH_STYLE = false;

  /** Whether a customer's preview request is approved at once (product.md: automatic unless the shop turns it off). */
  @Transform(({ value }) => (value === undefined || value === '' ? true : value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value))
  @IsBoolean({ message: 'PREVIEW_AUTO_APPROVE must be true or false' })
  PREVIEW_AUTO_APPROVE = true;

  /** Minutes a placed order waits for its payment before it is cancelled and its stock given back (product.md: 30). */
  @Transform(({ value }) => (value === undefined || value === '' ? 30 : Number(value)))
  @IsInt({ message: 'ORDER_PAYMENT_TIMEOUT_MINUTES must be a whole number' })
  @Min(1, { message: 'ORDER_PAYMENT_TIMEOUT_MINUTES must be at least 1' })
  @Max(10_080, { message: 'ORDER_PAYMENT_TIMEOUT_MINUTES may be at most 10080 (a week)' })
  ORDER_PAYMENT_TIMEOUT_MINUTES = 30;

  /**
   * The admin order list counts its matches exactly up to this many; past it the total is PostgreSQL's estimate
   * (`total_exact: false`), as counting 1M orders on every page took ~230 ms (ADR 0054).
   */
  @Transform(({ value }) => (value === undefined || value === '' ? 10_000 : Number(value)))
  @IsInt({ message: 'ORDERS_EXACT_TOTAL_UP_TO must be a whole number' })
  @Min(1, { message: 'ORDERS_EXACT_TOTAL_UP_TO must be at least 1' })
  @Max(10_000_000, { message: 'ORDERS_EXACT_TOTAL_UP_TO may be at most 10000000' })
  ORDERS_EXACT_TOTAL_UP_TO = 10_000;

  /**
   * Signing secret of the embedded test payment provider's webhooks. Unset: one is generated on first use and
   * kept in DATA_DIR/payment-test-webhook-secret, so every process sharing DATA_DIR signs and checks alike.
   */
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(16, { message: 'PAYMENT_TEST_WEBHOOK_SECRET must be at least 16 characters' })
  PAYMENT_TEST_WEBHOOK_SECRET?: string;

  /**
   * Signs the customers' download links (HMAC-SHA256). Unset: generated once and kept in DATA_DIR; instances that
   * do not share DATA_DIR must all be given the same value.
   */
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(32, { message: 'DOWNLOAD_LINK_SECRET must be at least 32 characters' })
  DOWNLOAD_LINK_SECRET?: string;

  /**
   * Signs the device cookies that let a browser which signed in before keep signing in while others guess at the
   * account (ADR 0034). Unset: generated once and kept in DATA_DIR, like DOWNLOAD_LINK_SECRET.
   */
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(32, { message: 'DEVICE_COOKIE_SECRET must be at least 32 characters' })
  DEVICE_COOKIE_SECRET?: string;

  /** Minutes a download link stays valid (product.md: short-lived). */
  @Transform(({ value }) => (value === undefined || value === '' ? 30 : Number(value)))
  @IsInt({ message: 'DOWNLOAD_LINK_MINUTES must be a whole number' })
  @Min(1, { message: 'DOWNLOAD_LINK_MINUTES must be at least 1' })
  @Max(1440, { message: 'DOWNLOAD_LINK_MINUTES may be at most 1440 (a day)' })
  DOWNLOAD_LINK_MINUTES = 30;

  /**
   * Which payment provider takes the money: `stripe` (needs both Stripe settings) or `test` (the embedded provider,
   * which charges nobody). Unset: Stripe when its keys are set, else the test provider — except that a production
   * web server refuses to start without one of the two chosen on purpose (ADR 0032).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(PAYMENT_PROVIDERS, { message: `PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')}` })
  PAYMENT_PROVIDER?: (typeof PAYMENT_PROVIDERS)[number];

  /** Stripe Checkout instead of the embedded test provider: both must be set (`sk_…` and the webhook's `whsec_…`). */
  @Transform(emptyToUndefined) @IsOptional() @Matches(/^(sk|rk)_(test|live)_\S+$/, { message: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)' })
  STRIPE_SECRET_KEY?: string;
  @Transform(emptyToUndefined) @IsOptional() @Matches(/^whsec_\S+$/, { message: 'STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret (whsec_…)' })
  STRIPE_WEBHOOK_SECRET?: string;

  /**
   * The company behind the shop (issue 13): on every VAT invoice and e-mail, in the footer and in the
   * Organization structured data. The demo values let the shop start; a real company sets its own.
   */
  @Transform(({ value }) => (value === undefined || value === '' ? 'HS Training Direct Ltd' : value))
  @IsString() @MinLength(2, { message: 'SELLER_NAME must be the company\'s name' })
  SELLER_NAME = 'HS Training Direct Ltd';

  /** The registered address, its lines separated by commas or new lines; the last line is the postcode. */
  @Transform(({ value }) => (value === undefined || value === '' ? 'Unit 4, Riverside Business Park, Leeds, LS10 1AB' : value))
  @IsString() @MinLength(5, { message: 'SELLER_ADDRESS must be the registered address, lines separated by commas' })
  SELLER_ADDRESS = 'Unit 4, Riverside Business Park, Leeds, LS10 1AB';

  /** The VAT registration number HMRC issued (GB and 9 digits, or 12 for a branch). */
  @Transform(({ value }) => (value === undefined || value === '' ? 'GB123456789' : String(value).replace(/\s+/g, '').toUpperCase()))
  @Matches(/^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, { message: 'SELLER_VAT_NUMBER must be a UK VAT number such as GB123456789' })
  SELLER_VAT_NUMBER = 'GB123456789';

  /** Companies House number (8 characters, e.g. 01234567 or SC123456). */
  @Transform(({ value }) => (value === undefined || value === '' ? '01234567' : String(value).replace(/\s+/g, '').toUpperCase()))
  @Matches(/^[A-Z0-9]{8}$/, { message: 'SELLER_COMPANY_NUMBER must be a Companies House number of 8 characters, e.g. 01234567' })
  SELLER_COMPANY_NUMBER = '01234567';

  /** The phone number customers call, as it should be shown (UK format). */
  @Transform(({ value }) => (value === undefined || value === '' ? '01234 567890' : value))
  @Matches(/^\+?[0-9 ()-]{7,20}$/, { message: 'SELLER_PHONE must be a phone number such as 01234 567890' })
  SELLER_PHONE = '01234 567890';

  /** The address customers write to (shown on invoices); unset → ENQUIRIES_TO, else MAIL_FROM's address. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({}, { message: 'SELLER_EMAIL must be an e-mail address' })
  SELLER_EMAIL?: string;

  /** The company's social pages, comma-separated https URLs (LinkedIn, Facebook, X, YouTube, …). */
  @Transform(({ value }) => (value === undefined ? 'https://www.linkedin.com/,https://www.facebook.com/,https://x.com/,https://www.youtube.com/' : value))
  @Matches(/^(https:\/\/[^\s,]+(\s*,\s*https:\/\/[^\s,]+)*)?$/, { message: 'SELLER_SOCIAL_LINKS must be comma-separated https:// URLs' })
  SELLER_SOCIAL_LINKS = 'https://www.linkedin.com/,https://www.facebook.com/,https://x.com/,https://www.youtube.com/';

  /** Where on-account customers pay by BACS: shown on their invoices with the due date. */
  @Transform(({ value }) => (value === undefined || value === '' ? 'Demo Bank plc, sort code 00-00-00, account 12345678' : value))
  @IsString() @MinLength(5)
  SELLER_BANK_DETAILS = 'Demo Bank plc, sort code 00-00-00, account 12345678';

  /** The sender actually used: MAIL_FROM, else the placeholder `DEFAULT_MAIL_FROM`. */
  get mailFrom(): string {
    return this.MAIL_FROM ?? DEFAULT_MAIL_FROM;
  }

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }

  /** The provider in use: `stripe` with its keys (or when asked for), else the embedded `test` provider. */
  get paymentProvider(): 'stripe' | 'test' {
    if (this.PAYMENT_PROVIDER) return this.PAYMENT_PROVIDER;
    return this.STRIPE_SECRET_KEY || this.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'test';
  }

  get usesEmbeddedDatabase(): boolean {
    return this.DATABASE_URL === undefined;
  }

  get dataDir(): string {
    return path.resolve(this.DATA_DIR);
  }

  get publicUrl(): string {
    return (this.PUBLIC_URL ?? `http://localhost:${this.PORT}`).replace(/\/+$/, '');
  }
}

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

const KEYS = [
  'PORT', 'DATABASE_URL', 'DATA_DIR', 'PUBLIC_URL', 'NODE_ENV', 'LOG_LEVEL', 'SMTP_URL', 'MAIL_FROM', 'ENQUIRIES_TO', 'RUN_QUEUE_WORKER',
  'QUEUE_POLL_MS', 'QUEUE_RETRY_BASE_MS', 'SHUTDOWN_DELAY_MS', 'SHUTDOWN_TIMEOUT_MS', 'TRUST_PROXY', 'OAUTH_GOOGLE_CLIENT_ID', 'OAUTH_GOOGLE_CLIENT_SECRET', 'OAUTH_OIDC_ISSUER',
  'OAUTH_OIDC_CLIENT_ID', 'OAUTH_OIDC_CLIENT_SECRET', 'OAUTH_OIDC_NAME', 'STORAGE_DRIVER', 'S3_BUCKET', 'S3_ENDPOINT',
  'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'PREVIEW_AUTO_APPROVE',
  'ORDER_PAYMENT_TIMEOUT_MINUTES', 'ORDERS_EXACT_TOTAL_UP_TO', 'PAYMENT_TEST_WEBHOOK_SECRET', 'PAYMENT_PROVIDER', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET',
  'SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_VAT_NUMBER', 'SELLER_COMPANY_NUMBER', 'SELLER_PHONE', 'SELLER_EMAIL',
  'SELLER_SOCIAL_LINKS', 'SELLER_BANK_DETAILS', 'DOWNLOAD_LINK_SECRET', 'DOWNLOAD_LINK_MINUTES',
  'DEVICE_COOKIE_SECRET',
] as const;

/**
 * The message a production web server stops with when nobody chose how it takes payments: the embedded test
 * provider charges nobody, so it must never be what a shop gets by forgetting Stripe's keys (issue 25).
 */
export const PAYMENT_PROVIDER_REQUIRED =
  'NODE_ENV=production needs a payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take card payments with Stripe, or PAYMENT_PROVIDER=test for a demo shop whose payments are simulated (nobody is charged)';

/** Settings that are each valid but do not go together. */
function combinationProblems(env: Environment, purpose: Purpose): string[] {
  const problems: string[] = [];
  const stripeKeys = Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET);
  if (env.PAYMENT_PROVIDER === 'test' && stripeKeys) {
    problems.push('PAYMENT_PROVIDER=test cannot go with STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET: remove the Stripe settings, or PAYMENT_PROVIDER');
  }
  if (env.PAYMENT_PROVIDER === 'stripe' && !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)) {
    problems.push('PAYMENT_PROVIDER=stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (purpose === 'web-server' && env.isProduction && !stripeKeys && env.PAYMENT_PROVIDER === undefined) problems.push(PAYMENT_PROVIDER_REQUIRED);
  return problems;
}

/**
 * `web-server`: the process customers reach (main.ts) — it alone must refuse to run a production shop that
 * charges nobody. The command line (migrations, imports, the queue worker) takes no orders, so it does not ask.
 */
export type Purpose = 'web-server' | 'command';

export function loadEnvironment(source: Record<string, string | undefined> = process.env, purpose: Purpose = 'command'): Environment {
  const raw: Record<string, string | undefined> = {};
  for (const key of KEYS) raw[key] = source[key];
  const env = plainToInstance(Environment, raw);
  const problems = validateSync(env, { skipMissingProperties: false }).flatMap((error) =>
    Object.values(error.constraints ?? {}),
  );
  problems.push(...combinationProblems(env, purpose));
  if (problems.length > 0) throw new ConfigurationError(problems);
  return env;
}
