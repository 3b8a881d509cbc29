import { Migration } from '@mikro-orm/migrations';

/**
 * What a history entry recorded when the status stayed where it was (`noted`, `paid_in_full`, `refunded_in_part`):
 * without it a partial refund read "Paid" in the staff history, its `to` being the status the order kept. Null for
 * a move of the status. Earlier rows keep null: the portal says "Status unchanged" for them (ADR 0045).
 */
export class Migration20261128002200OrderHistoryChange extends Migration {
  override up(): void {
    this.addSql(`alter table order_history add column change varchar(20) null check (change in ('noted', 'paid_in_full', 'refunded_in_part'));`);
  }

  override down(): void {
    this.addSql('alter table order_history drop column if exists change;');
  }
}
