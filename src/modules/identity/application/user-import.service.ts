import { Inject, Injectable } from '@nestjs/common';
import { Transactions } from '../../../platform/persistence/index.js';
import type { Role } from '../../../shared/viewer.js';
import { normaliseEmail, type PostalAddress, User } from '../domain/user.entity.js';
import { USER_REPOSITORY, type UserRepository } from './ports/user-repository.port.js';

/**
 * One valid row of an import (`shop users:import`), already checked against the API's profile rules.
 * An optional field left `undefined` keeps what an existing user has (a new user gets the default).
 */
export interface UserImportRow {
  /** Where the row came from (the file's line), for the operator's report. */
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  companyName?: string;
  jobTitle?: string;
  phone?: string;
  vatNumber?: string;
  role?: Role;
  marketingConsent?: boolean;
  /** May pay on account (staff's decision, brought over from the old shop). */
  accountTerms?: boolean;
  billingAddress?: PostalAddress;
}

export interface UserImportOptions {
  /** Change existing users' fields; without it they are skipped. */
  update: boolean;
  /** Accept rows with role admin; without it they are rejected. */
  allowAdmin: boolean;
  /** Check and count everything, write nothing. */
  dryRun: boolean;
  /**
   * The e-mails met so far in the same file, with their line (this method adds the batch's): a later row
   * with the same address is rejected. One map per file.
   */
  seen: Map<string, number>;
}

export interface UserImportResult {
  created: number;
  updated: number;
  /** Existing users left as they were: without `update`, or with nothing to change. */
  skipped: number;
  rejected: Array<{ line: number; reason: string }>;
}

type ProfileFields = Pick<User, 'firstName' | 'lastName' | 'companyName' | 'jobTitle' | 'phone' | 'vatNumber'>;
const PLAIN_FIELDS = ['firstName', 'lastName', 'companyName', 'jobTitle', 'phone', 'vatNumber'] as const satisfies ReadonlyArray<keyof ProfileFields>;

/**
 * Operators' bulk import of users: upsert by e-mail, one transaction and one look-up query per batch.
 * A password is never imported nor touched: new users have none (they choose one through "forgot password").
 */
@Injectable()
export class UserImportService {
  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    private readonly transactions: Transactions,
  ) {}

  async importBatch(rows: readonly UserImportRow[], options: UserImportOptions): Promise<UserImportResult> {
    const result: UserImportResult = { created: 0, updated: 0, skipped: 0, rejected: [] };
    const accepted: UserImportRow[] = [];
    for (const row of rows) {
      const email = normaliseEmail(row.email);
      if (row.role === 'admin' && !options.allowAdmin) {
        result.rejected.push({ line: row.line, reason: 'role: admin is refused without --allow-admin.' });
        continue;
      }
      const first = options.seen.get(email);
      if (first !== undefined) {
        result.rejected.push({ line: row.line, reason: `email: ${email} appears already on line ${first}.` });
        continue;
      }
      options.seen.set(email, row.line);
      accepted.push({ ...row, email });
    }
    if (accepted.length === 0) return result;

    // Its own unit of work per batch, dropped afterwards: memory stays flat however long the file.
    await this.transactions.runApart(async () => {
      const existing = new Map((await this.users.findByEmails(accepted.map((row) => row.email))).map((user) => [normaliseEmail(user.email), user]));
      const changed: User[] = [];
      const now = new Date();
      for (const row of accepted) {
        const user = existing.get(row.email);
        if (!user) {
          result.created += 1;
          if (!options.dryRun) {
            const created = new User({ email: row.email, firstName: row.firstName, lastName: row.lastName, role: row.role });
            applyRow(created, row, now);
            changed.push(created);
          }
        } else if (!options.update || !differs(user, row)) {
          result.skipped += 1;
        } else {
          result.updated += 1;
          if (!options.dryRun) {
            applyRow(user, row, now);
            changed.push(user);
          }
        }
      }
      if (changed.length > 0) await this.users.saveAll(changed);
    });
    return result;
  }
}

/** Whether applying the row would change the user (fields the row leaves out never count). */
export function differs(user: User, row: UserImportRow): boolean {
  for (const field of PLAIN_FIELDS) {
    if (row[field] !== undefined && row[field] !== user[field]) return true;
  }
  if (row.role !== undefined && row.role !== user.role) return true;
  if (row.marketingConsent !== undefined && row.marketingConsent !== user.marketingConsent) return true;
  if (row.accountTerms !== undefined && row.accountTerms !== user.accountTerms) return true;
  return row.billingAddress !== undefined && !sameAddress(row.billingAddress, user.billingAddress);
}

function applyRow(user: User, row: UserImportRow, now: Date): void {
  const fields = user as ProfileFields;
  for (const field of PLAIN_FIELDS) {
    const value = row[field];
    if (value !== undefined) (fields as Record<typeof field, unknown>)[field] = value;
  }
  // ADR 0044: a role changes with its staff role (an imported administrator reaches everything; a customer nothing).
  if (row.role !== undefined && row.role !== user.role) {
    if (row.role === 'admin') user.makeStaff('admin');
    else user.makeCustomer();
  }
  if (row.marketingConsent !== undefined) user.setMarketingConsent(row.marketingConsent, now);
  if (row.accountTerms !== undefined) user.accountTerms = row.accountTerms;
  if (row.billingAddress !== undefined) user.billingAddress = { ...row.billingAddress };
}

function sameAddress(a: PostalAddress, b: PostalAddress | null): boolean {
  return b !== null && (['line1', 'line2', 'town', 'county', 'postcode', 'country'] as const).every((key) => (a[key] ?? null) === (b[key] ?? null));
}
