import { Migration } from '@mikro-orm/migrations';

/** To be filled in (issue 5: enquiries). */
export class Migration20261122000700CreateEnquiries extends Migration {
  override up(): void {}

  override down(): void {}
}
