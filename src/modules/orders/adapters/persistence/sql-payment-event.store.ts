import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { PaymentEventStore } from '../../application/ports/payment-event-store.port.js';

@Injectable()
export class SqlPaymentEventStore implements PaymentEventStore {
  constructor(private readonly em: EntityManager) {}

  async recordOnce(provider: string, eventId: string, type: string): Promise<boolean> {
    const rows = await this.query<{ event_id: string }>(
      `insert into payment_events (provider, event_id, type, outcome) values (?, ?, ?, 'received')
       on conflict (provider, event_id) do nothing returning event_id`,
      [provider, eventId.slice(0, 200), type.slice(0, 100)],
    );
    return rows.length === 1;
  }

  async setOutcome(provider: string, eventId: string, orderId: number | null, outcome: string): Promise<void> {
    await this.query('update payment_events set order_id = ?, outcome = ? where provider = ? and event_id = ?', [orderId, outcome, provider, eventId.slice(0, 200)]);
  }

  private query<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
