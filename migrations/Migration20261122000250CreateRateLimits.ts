import { Migration } from '@mikro-orm/migrations';

/** Fixed-window counters for rate limits (platform/rate-limit), shared by every instance. */
export class Migration20261122000250CreateRateLimits extends Migration {
  override up(): void {
    this.addSql(`
      create table rate_limits (
        key varchar(200) primary key,
        window_started_at timestamptz not null,
        hits integer not null
      );`);
  }

  override down(): void {
    this.addSql('drop table if exists rate_limits;');
  }
}
