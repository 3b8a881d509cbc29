import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 28 item 7 (ADR 0045): refunds of chosen lines. Each refund is a row with its own credit note (numbered from
 * the same gap-free `credit_note` series) and its lines' quantities; `orders.credit_note_number` stays the credit
 * note of the refund that made the order refunded (or cancelled). Every credit note issued before this migration
 * becomes one refund of the whole order, so the books list every credit note as a refund.
 */
export class Migration20261128000600PartialRefunds extends Migration {
  override up(): void {
    this.addSql(`create table order_refunds (
      id serial primary key,
      order_id integer not null references orders (id),
      credit_note_number varchar(20) not null,
      created_at timestamptz not null,
      delivery boolean not null,
      restocked boolean not null,
      net integer not null,
      vat integer not null,
      gross integer not null,
      note text null,
      actor_id integer null
    );`);
    this.addSql('create unique index order_refunds_credit_note_number_unique on order_refunds (credit_note_number);');
    this.addSql('create index order_refunds_order_index on order_refunds (order_id, id);');
    this.addSql(`create table order_refund_lines (
      refund_id integer not null references order_refunds (id) on delete cascade,
      order_line_id integer not null references order_lines (id),
      qty integer not null check (qty > 0),
      primary key (refund_id, order_line_id)
    );`);
    this.addSql(`insert into order_refunds (order_id, credit_note_number, created_at, delivery, restocked, net, vat, gross)
      select id, credit_note_number, credit_note_date, delivery is not null, status <> 'refunded' or dispatched_before.found is null,
             subtotal + delivery_total, vat, grand_total
      from orders
      left join lateral (select true as found from order_history h where h.order_id = orders.id and h.to_status = 'dispatched' limit 1) dispatched_before on true
      where credit_note_number is not null;`);
    this.addSql(`insert into order_refund_lines (refund_id, order_line_id, qty)
      select r.id, l.id, l.qty from order_refunds r join order_lines l on l.order_id = r.order_id;`);
  }

  override down(): void {
    this.addSql('drop table if exists order_refund_lines;');
    this.addSql('drop table if exists order_refunds;');
  }
}
