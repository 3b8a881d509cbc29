import { Migration } from '@mikro-orm/migrations';

/** To be filled in (issue 5). */
export class Migration20261122000500CreateBlog extends Migration {
  override up(): void {}

  override down(): void {}
}
