import { Inject, Injectable } from '@nestjs/common';
import { USER_REPOSITORY, type UserRepository } from './ports/user-repository.port.js';

/**
 * What other modules may know about users they hold by id: their public display name ("Alex Admin").
 * Never e-mail addresses or anything else personal.
 */
@Injectable()
export class UserDirectory {
  constructor(@Inject(USER_REPOSITORY) private readonly users: UserRepository) {}

  /** Display names of the given users, in one query; unknown ids are simply absent from the map. */
  async displayNames(ids: readonly number[]): Promise<Map<number, string>> {
    const users = await this.users.findByIds(ids);
    return new Map(users.map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim()]));
  }
}
