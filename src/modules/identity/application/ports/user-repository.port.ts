import type { Role } from '../../../../shared/viewer.js';
import type { User } from '../../domain/user.entity.js';

export const USER_REPOSITORY = Symbol('UserRepository');

export interface UserRepository {
  findById(id: number): Promise<User | null>;
  /** The users among `ids` that exist (any order), in one query. */
  findByIds(ids: readonly number[]): Promise<User[]>;
  /** E-mail and company of the users among `ids`, in one query, as plain rows (no entities kept: bulk reads such as the orders export). */
  contactsByIds(ids: readonly number[]): Promise<Array<{ id: number; email: string; companyName: string | null }>>;
  /** Case-insensitive. */
  findByEmail(email: string): Promise<User | null>;
  /** The users among `emails` that exist (case-insensitive, any order), in one query. */
  findByEmails(emails: readonly string[]): Promise<User[]>;
  /** Ids of users whose e-mail contains `part` (case-insensitive), at most `limit`, in no particular order. */
  idsByEmailContaining(part: string, limit: number): Promise<number[]>;
  /** Users whose e-mail, name or company contains `search` (and of `role`, when given), newest first. */
  search(search: string | undefined, offset: number, limit: number, role?: Role): Promise<{ users: User[]; total: number }>;
  /** Persists the user (new or changed) and everything else pending in this unit of work. */
  save(user: User): Promise<void>;
  /** Persists the users (new or changed) in one flush: batched inserts and updates. */
  saveAll(users: readonly User[]): Promise<void>;
}
