import { Migration } from '@mikro-orm/migrations';

/**
 * The admin's order search by a whole e-mail address (issue 30 item 1, ADR 0076): the trigram index answered
 * `lower(email) like '%someone@company.co.uk%'` by intersecting the posting lists of every trigram in it, and the
 * trigrams a shop's addresses share (its customers' domains, "co.uk") are in most of them: 8.7 ms a look-up at 50k
 * customers. An address contains such a term exactly when its local part ends with the term's and its domain starts
 * with the term's, so the local part reversed, in a b-tree for prefixes, finds the few candidates instead.
 */
export class Migration20261128003000UsersEmailLocalPartReversed extends Migration {
  override up(): void {
    this.addSql(`create index users_email_local_reversed_index on users (reverse(split_part(lower(email), '@', 1)) text_pattern_ops);`);
  }

  override down(): void {
    this.addSql('drop index if exists users_email_local_reversed_index;');
  }
}
