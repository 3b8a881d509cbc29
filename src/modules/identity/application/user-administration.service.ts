import { Inject, Injectable } from '@nestjs/common';
import { DomainError, InvalidInputError, NotFoundError } from '../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { emailTaken } from '../domain/identity-errors.js';
import { normaliseEmail, User } from '../domain/user.entity.js';
import type { ProfileChanges } from './account.service.js';
import type { Role } from '../../../shared/viewer.js';
import type { StaffRole } from '../../../shared/contracts/staff.js';
import { hashPassword, passwordProblems } from './passwords.js';
import { USER_REPOSITORY, type UserRepository } from './ports/user-repository.port.js';
import { toUserView, type UserView } from './user-view.js';
import { isId } from '../../../shared/contracts/ids.js';

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', password: 'demo-admin-password', firstName: 'Alex', lastName: 'Admin', role: 'admin' },
  { email: 'customer@example.com', password: 'demo-customer-password', firstName: 'Casey', lastName: 'Customer', role: 'customer' },
  // A public-sector buyer with account terms: pays "on account" against a PO and an invoice (issue 13).
  {
    email: 'council@example.com', password: 'demo-council-password', firstName: 'Morgan', lastName: 'Council', role: 'customer',
    companyName: 'Riverside Borough Council (demo)', accountTerms: true,
  },
] as const;

/** What staff give when they create a user: the profile's fields (validated by the same rules), plus staff's own. */
export interface StaffUserInput extends Omit<ProfileChanges, 'email' | 'currentPassword'> {
  email: string;
  role?: Role;
  /** ADR 0044: null makes a customer; a role makes staff. Left out, `role` decides (admin → `admin`). */
  staffRole?: StaffRole | null;
  accountTerms?: boolean;
}

/** Who is reading the user list: a role that cannot change users (orders) sees customers only (ADR 0044). */
export interface UserReader {
  customersOnly: boolean;
}

/**
 * The staff role a request asks for, with the seed's `role` and `staff_role` held together (ADR 0044): null for a
 * customer, a role for staff, undefined when neither was given. A staff role on a customer, or a customer's "no
 * staff role" on an administrator, contradicts itself (422 on `staff_role`).
 */
function requestedStaffRole(role: Role | null | undefined, staffRole: StaffRole | null | undefined, current: StaffRole | null): StaffRole | null | undefined {
  if (staffRole && role === 'customer') throw new InvalidInputError('staff_role', 'A customer has no staff role: leave staff_role out, or make the role admin.');
  if (staffRole === null && role === 'admin') throw new InvalidInputError('staff_role', 'An administrator needs a staff role: choose one, or make the role customer.');
  if (staffRole !== undefined) return staffRole;
  if (role === 'admin') return current ?? 'admin';
  if (role === 'customer') return null;
  return undefined;
}

/** Operators' use cases: create administrators, seed the demo accounts. */
@Injectable()
export class UserAdministrationService {
  constructor(@Inject(USER_REPOSITORY) private readonly users: UserRepository) {}

  /** The Administration Portal's user list: searchable by e-mail, name or company, newest first. */
  async listUsers(query: { search?: string; page: number; perPage: number }, reader: UserReader = { customersOnly: false }): Promise<Page<UserView>> {
    const role = reader.customersOnly ? 'customer' : undefined;
    const { users, total } = await this.users.search(query.search, (query.page - 1) * query.perPage, query.perPage, role);
    return pageOf(users.map(toUserView), total, query.page, query.perPage);
  }

  /**
   * Ids of the users whose e-mail contains `part` (case-insensitive), at most `limit`: the admin's order search
   * matches their orders. Not the user list's search (names and company too, counted and sorted), which read
   * every user (ADR 0054).
   */
  idsWithEmailContaining(part: string, limit: number): Promise<number[]> {
    return this.users.idsByEmailContaining(part, limit);
  }

  /** One user as staff see it (404 for an unknown id, and for a member of staff when the reader sees customers only). */
  async getUser(id: number, reader: UserReader = { customersOnly: false }): Promise<UserView> {
    const user = await this.existing(id);
    if (reader.customersOnly && user.role !== 'customer') throw new NotFoundError('User');
    return toUserView(user);
  }

  /**
   * Staff create a user (the portal's "new user"). No password: the user chooses one through "forgot password",
   * as after users:import. The e-mail must be free, case-insensitively (422 on `email`).
   */
  async createByStaff(input: StaffUserInput): Promise<UserView> {
    const email = normaliseEmail(input.email);
    if (await this.users.findByEmail(email)) throw emailTaken();
    const staffRole = requestedStaffRole(input.role, input.staffRole, null);
    const user = new User({ email, firstName: input.firstName, lastName: input.lastName, staffRole });
    user.companyName = input.companyName ?? null;
    user.jobTitle = input.jobTitle ?? null;
    user.phone = input.phone ?? null;
    user.vatNumber = input.vatNumber ?? null;
    user.accountTerms = input.accountTerms ?? false;
    user.billingAddress = input.billingAddress ?? null;
    user.deliveryAddress = input.deliveryAddress ?? null;
    user.setMarketingConsent(input.marketingConsent ?? false, new Date());
    await this.users.save(user); // a concurrent twin is refused by the unique index, as the same 422
    return toUserView(user);
  }

  /**
   * Staff edit a user (the portal's details tab): only the fields given change; `null` clears an optional one.
   * The names, e-mail and role cannot be cleared (`staff_role: null` makes a customer); a new e-mail must be free;
   * and an administrator cannot take away their own admin role, nor narrow their own staff role (the portal would
   * lock them out mid-edit, and the last admin with it).
   */
  async updateByStaff(id: number, actorId: number | null, changes: Partial<Omit<StaffUserInput, 'firstName' | 'lastName' | 'email' | 'role' | 'staffRole'>> & {
    staffRole?: StaffRole | null;
    firstName?: string | null; lastName?: string | null; email?: string | null; role?: Role | null;
  }): Promise<UserView> {
    const user = await this.existing(id);
    for (const [field, value] of [['first_name', changes.firstName], ['last_name', changes.lastName], ['email', changes.email], ['role', changes.role]] as const) {
      if (value === null) throw new InvalidInputError(field, `The ${field.replace('_', ' ')} cannot be cleared.`);
    }
    if (changes.email !== undefined && changes.email !== null) {
      const email = normaliseEmail(changes.email);
      if (email !== user.email) {
        const owner = await this.users.findByEmail(email);
        if (owner && owner.id !== user.id) throw emailTaken();
        // Staff typing an address proves nobody controls it: unverified until its holder follows a link.
        user.changeEmail(email);
      }
    }
    const staffRole = requestedStaffRole(changes.role, changes.staffRole, user.staffRole);
    if (staffRole !== undefined && staffRole !== user.staffRole) {
      if (actorId === user.id && user.staffRole === 'admin') {
        throw new InvalidInputError(changes.staffRole === undefined ? 'role' : 'staff_role', 'You cannot remove your own administrator role.');
      }
      if (staffRole) user.makeStaff(staffRole);
      else user.makeCustomer();
    }
    if (changes.firstName) user.firstName = changes.firstName;
    if (changes.lastName) user.lastName = changes.lastName;
    if (changes.companyName !== undefined) user.companyName = changes.companyName;
    if (changes.jobTitle !== undefined) user.jobTitle = changes.jobTitle;
    if (changes.phone !== undefined) user.phone = changes.phone;
    if (changes.vatNumber !== undefined) user.vatNumber = changes.vatNumber;
    if (changes.billingAddress !== undefined) user.billingAddress = changes.billingAddress;
    if (changes.deliveryAddress !== undefined) user.deliveryAddress = changes.deliveryAddress;
    if (changes.accountTerms !== undefined) user.accountTerms = changes.accountTerms;
    if (changes.marketingConsent !== undefined && changes.marketingConsent !== user.marketingConsent) user.setMarketingConsent(changes.marketingConsent, new Date());
    await this.users.save(user); // a concurrent twin e-mail is refused by the unique index, as the same 422
    return toUserView(user);
  }

  private async existing(id: number): Promise<User> {
    const user = isId(id) ? await this.users.findById(id) : null;
    if (!user) throw new NotFoundError('User');
    return user;
  }

  /** Staff views of records held by user id (orders): the e-mail of each, in one query; unknown ids are absent. */
  async emailsOf(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    // Plain rows, no entities: a page of 20 orders hydrated and tracked 20 users for their e-mails (ADR 0071).
    const users = await this.users.contactsByIds(ids);
    return new Map(users.map((user) => [user.id, user.email]));
  }

  /** Who a VAT invoice or credit note is made out to, beyond the order's billing address: null if the account is gone. */
  async invoiceContactOf(id: number): Promise<{ email: string; company: string | null; vatNumber: string | null } | null> {
    const [user] = await this.users.findByIds([id]);
    return user ? { email: user.email, company: user.companyName, vatNumber: user.vatNumber } : null;
  }

  /** The orders export: each customer's e-mail and company, in one query, keeping no entities; unknown ids are absent. */
  async contactsOf(ids: readonly number[]): Promise<Map<number, { email: string; company: string | null }>> {
    const users = await this.users.contactsByIds(ids);
    return new Map(users.map((user) => [user.id, { email: user.email, company: user.companyName }]));
  }

  async createAdmin(rawEmail: string, password: string, names: { firstName: string; lastName: string }, staffRole: StaffRole = 'admin'): Promise<number> {
    const email = normaliseEmail(rawEmail);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new InvalidInputError('email', 'That is not an e-mail address.');
    const problems = passwordProblems(password, [email]);
    if (problems.length > 0) throw new DomainError('invalid', problems[0]!, { password: problems });
    if (await this.users.findByEmail(email)) throw new InvalidInputError('email', `An account for ${email} already exists.`);
    const user = new User({ email, ...names, staffRole });
    user.passwordHash = await hashPassword(password);
    await this.users.save(user);
    return user.id;
  }

  /** Adds the demo admin and customer when missing; returns the accounts that exist afterwards. */
  async ensureDemoAccounts(): Promise<Array<{ email: string; password: string; role: string; created: boolean }>> {
    const result = [];
    for (const account of DEMO_ACCOUNTS) {
      const existing = await this.users.findByEmail(account.email);
      if (!existing) {
        const user = new User({ email: account.email, firstName: account.firstName, lastName: account.lastName, role: account.role });
        user.passwordHash = await hashPassword(account.password);
        if ('companyName' in account) user.companyName = account.companyName;
        if ('accountTerms' in account) user.accountTerms = account.accountTerms;
        // Demo addresses cannot receive mail; marked verified so the demo behaves like a customer of long standing.
        user.markEmailVerified(new Date());
        await this.users.save(user);
      }
      result.push({ email: account.email, password: account.password, role: account.role, created: !existing });
    }
    return result;
  }
}
