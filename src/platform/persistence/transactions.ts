import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';

/**
 * Runs a use case in one database transaction. Repositories keep using the injected entity manager:
 * inside `run`, MikroORM hands them the transaction's fork (its transaction context), so every write of
 * the use case — including jobs enqueued for e-mails — commits or rolls back together.
 */
@Injectable()
export class Transactions {
  constructor(private readonly em: EntityManager) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.em.transactional(() => work());
  }

  /**
   * Like `run`, in a unit of work of its own that is dropped afterwards, so the entities it loaded do not
   * pile up in the caller's: for batch jobs (one transaction per batch), whose memory must stay flat.
   */
  runApart<T>(work: () => Promise<T>): Promise<T> {
    return this.em.fork().transactional(() => work());
  }
}
