import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26: an `online_access` option says how many learners one unit gives (`seats`; "Online licence — 10 users"
 * = 10), so a paid line becomes a licence of seats × qty. Existing online options take the number in their title
 * ("— 10 users", "— 1 learner", "50 learners"); one without a number gives one seat. Other kinds keep null.
 */
export const BACKFILL_OPTION_SEATS = `
  update product_options
     set seats = greatest(1, least(10000, coalesce(substring(lower(name) from '(\\d{1,5})\\s*(?:users?|learners?|seats?|people|persons?)')::int, 1)))
   where kind = 'online_access' and seats is null;`;

export class Migration20261128000050OptionSeats extends Migration {
  override up(): void {
    this.addSql('alter table product_options add column seats integer null;');
    this.addSql(BACKFILL_OPTION_SEATS);
  }

  override down(): void {
    this.addSql('alter table product_options drop column if exists seats;');
  }
}
