import type { Transactions } from '../../../platform/persistence/index.js';
import { User } from '../domain/user.entity.js';
import type { UserRepository } from './ports/user-repository.port.js';
import { type UserImportOptions, type UserImportRow, UserImportService } from './user-import.service.js';

/** An in-memory UserRepository: enough for the import's look-up and bulk save. */
function fakeUsers(initial: User[]) {
  const stored = new Map(initial.map((user) => [user.email, user]));
  const calls = { findByEmails: 0, saveAll: [] as number[] };
  const repository: Pick<UserRepository, 'findByEmails' | 'saveAll'> = {
    findByEmails: async (emails) => {
      calls.findByEmails += 1;
      return emails.map((email) => stored.get(email.toLowerCase())).filter((user): user is User => user !== undefined);
    },
    saveAll: async (users) => {
      calls.saveAll.push(users.length);
      for (const user of users) stored.set(user.email, user);
    },
  };
  return { stored, calls, repository };
}

const transactions = { runApart: <T>(work: () => Promise<T>) => work() } as unknown as Transactions;
const options = (overrides: Partial<UserImportOptions> = {}): UserImportOptions => ({ update: false, allowAdmin: false, dryRun: false, seen: new Map(), ...overrides });
const row = (line: number, email: string, extra: Partial<UserImportRow> = {}): UserImportRow => ({ line, email, firstName: 'Jo', lastName: 'Bloggs', ...extra });

function existingUser(): User {
  const user = new User({ email: 'kept@acme.co.uk', firstName: 'Kim', lastName: 'Kept' });
  user.passwordHash = '$argon2id$existing';
  user.companyName = 'Acme';
  return user;
}

describe('UserImportService.importBatch', () => {
  it('creates new users without a password, skips existing ones, in one look-up and one save', async () => {
    const { stored, calls, repository } = fakeUsers([existingUser()]);
    const service = new UserImportService(repository as UserRepository, transactions);
    const result = await service.importBatch(
      [row(2, 'new@acme.co.uk', { marketingConsent: true, companyName: 'Acme' }), row(3, 'KEPT@acme.co.uk', { firstName: 'Changed' })],
      options(),
    );
    expect(result).toEqual({ created: 1, updated: 0, skipped: 1, rejected: [] });
    expect(calls).toEqual({ findByEmails: 1, saveAll: [1] });
    const created = stored.get('new@acme.co.uk')!;
    expect(created.passwordHash).toBeNull();
    expect(created.companyName).toBe('Acme');
    expect(created.marketingConsent).toBe(true);
    expect(created.marketingConsentAt).toBeInstanceOf(Date);
    expect(stored.get('kept@acme.co.uk')!.firstName).toBe('Kim');
  });

  it('with update, changes the given fields only, never the password, and counts identical rows as skipped', async () => {
    const { stored, calls, repository } = fakeUsers([existingUser()]);
    const service = new UserImportService(repository as UserRepository, transactions);
    const changed = await service.importBatch([row(2, 'kept@acme.co.uk', { firstName: 'Kimberley', lastName: 'Kept', jobTitle: 'Buyer' })], options({ update: true }));
    expect(changed).toEqual({ created: 0, updated: 1, skipped: 0, rejected: [] });
    const user = stored.get('kept@acme.co.uk')!;
    expect([user.firstName, user.jobTitle, user.companyName, user.passwordHash]).toEqual(['Kimberley', 'Buyer', 'Acme', '$argon2id$existing']);
    const again = await service.importBatch([row(2, 'kept@acme.co.uk', { firstName: 'Kimberley', lastName: 'Kept', jobTitle: 'Buyer' })], options({ update: true }));
    expect(again).toEqual({ created: 0, updated: 0, skipped: 1, rejected: [] });
    expect(calls.saveAll).toEqual([1]);
  });

  it('rejects admins without allowAdmin and e-mails met earlier in the file (across batches)', async () => {
    const { stored, repository } = fakeUsers([]);
    const service = new UserImportService(repository as UserRepository, transactions);
    const run = options();
    await service.importBatch([row(2, 'first@acme.co.uk')], run);
    const result = await service.importBatch([row(3, 'boss@acme.co.uk', { role: 'admin' }), row(4, 'First@Acme.co.uk'), row(5, 'other@acme.co.uk'), row(6, 'other@acme.co.uk')], run);
    expect(result.rejected).toEqual([
      { line: 3, reason: 'role: admin is refused without --allow-admin.' },
      { line: 4, reason: 'email: first@acme.co.uk appears already on line 2.' },
      { line: 6, reason: 'email: other@acme.co.uk appears already on line 5.' },
    ]);
    expect(result.created).toBe(1);
    expect(stored.has('boss@acme.co.uk')).toBe(false);
    const admins = await service.importBatch([row(7, 'boss@acme.co.uk', { role: 'admin' })], options({ allowAdmin: true }));
    expect(admins.created).toBe(1);
    expect(stored.get('boss@acme.co.uk')!.role).toBe('admin');
  });

  it('counts but writes nothing in a dry run', async () => {
    const { stored, calls, repository } = fakeUsers([existingUser()]);
    const service = new UserImportService(repository as UserRepository, transactions);
    const result = await service.importBatch([row(2, 'new@acme.co.uk'), row(3, 'kept@acme.co.uk', { lastName: 'Other' })], options({ update: true, dryRun: true }));
    expect(result).toEqual({ created: 1, updated: 1, skipped: 0, rejected: [] });
    expect(calls.saveAll).toEqual([]);
    expect(stored.size).toBe(1);
    expect(stored.get('kept@acme.co.uk')!.lastName).toBe('Kept');
  });

  it('compares billing addresses by value', async () => {
    const address = { line1: '1 High Street', line2: null, town: 'Leeds', county: null, postcode: 'LS10 1AB', country: 'GB' };
    const user = existingUser();
    user.billingAddress = { ...address };
    const { repository } = fakeUsers([user]);
    const service = new UserImportService(repository as UserRepository, transactions);
    expect((await service.importBatch([row(2, 'kept@acme.co.uk', { firstName: 'Kim', lastName: 'Kept', billingAddress: { ...address } })], options({ update: true }))).skipped).toBe(1);
    expect((await service.importBatch([row(2, 'kept@acme.co.uk', { firstName: 'Kim', lastName: 'Kept', billingAddress: { ...address, town: 'York' } })], options({ update: true }))).updated).toBe(1);
    expect(user.billingAddress.town).toBe('York');
  });
});
