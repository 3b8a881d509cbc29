import { Migration } from '@mikro-orm/migrations';

/**
 * VAT invoices and credit notes (issue 13). HMRC wants invoice numbers unique and sequential with no gaps, so
 * they do not come from a sequence (a rolled-back transaction burns a sequence value): each series is one row
 * of `document_counters`, incremented by `update … returning` inside the transaction that pays (or refunds)
 * the order. The row lock makes concurrent payments take turns, and a rollback gives the number back.
 */
export class Migration20261125000100CreateInvoiceNumbers extends Migration {
  override up(): void {
    this.addSql(`create table document_counters (
      series varchar(20) primary key,
      last_value integer not null check (last_value >= 0)
    );`);
    this.addSql(`insert into document_counters (series, last_value) values ('invoice', 0), ('credit_note', 0);`);
    this.addSql(`alter table orders
      add column invoice_number varchar(20) null,
      add column invoice_date timestamptz null,
      add column credit_note_number varchar(20) null,
      add column credit_note_date timestamptz null;`);
    this.addSql('create unique index orders_invoice_number_unique on orders (invoice_number);');
    this.addSql('create unique index orders_credit_note_number_unique on orders (credit_note_number);');
  }

  override down(): void {
    this.addSql('drop index if exists orders_credit_note_number_unique;');
    this.addSql('drop index if exists orders_invoice_number_unique;');
    this.addSql('alter table orders drop column credit_note_date, drop column credit_note_number, drop column invoice_date, drop column invoice_number;');
    this.addSql('drop table if exists document_counters;');
  }
}
