import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000700CreateEnquiries extends Migration {
  override up(): void {
    this.addSql(`
      create table enquiries (
        id serial primary key,
        type varchar(20) not null,
        name varchar(100) not null,
        company varchar(200) null,
        email varchar(254) not null,
        phone varchar(40) null,
        message text not null,
        ip varchar(64) not null,
        created_at timestamptz not null default now(),
        constraint enquiries_type_check check (type in ('recruitment', 'distribution', 'partnership', 'contact'))
      );`);
    // The admin list: newest first, optionally of one type.
    this.addSql('create index enquiries_created_at_index on enquiries (created_at desc);');
  }

  override down(): void {
    this.addSql('drop table if exists enquiries;');
  }
}
