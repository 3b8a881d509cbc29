import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { DocumentCounterStore } from '../../application/ports/document-counter-store.port.js';
import type { DocumentSeries } from '../../domain/order-process.js';

/** `document_counters`, one row per series: the update's row lock is what makes the numbers gap-free under concurrency. */
@Injectable()
export class SqlDocumentCounterStore implements DocumentCounterStore {
  constructor(private readonly em: EntityManager) {}

  async next(series: DocumentSeries): Promise<number> {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ value: string | number }>>(
        'update document_counters set last_value = last_value + 1 where series = ? returning last_value as value', [series], 'all',
        this.em.getTransactionContext(),
      );
    if (!row) throw new Error(`No document counter for the series ${series}.`);
    return Number(row.value);
  }
}
