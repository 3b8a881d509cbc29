import { Migration } from '@mikro-orm/migrations';

/**
 * Typo tolerance without scanning every title. Matching `term <% title` with pg_trgm costs a similarity check per
 * product for short terms (half a second at 100k products, measured), so search is full text only, and a term
 * that finds nothing is corrected word by word against this lexicon of title words ("manul" → "manual"), which is
 * small and trigram-indexed (nearest-neighbour). Statement-level triggers keep it filled from inserts and title changes in one
 * insert per statement (bulk loads included); words of deleted products stay, which only means a correction may
 * find nothing.
 */
export class Migration20261122000840CreateSearchWords extends Migration {
  override up(): void {
    this.addSql('create table search_words (word varchar(40) primary key);');
    // GiST, not GIN: it answers "nearest word first" (`order by word <-> term limit 1`) straight from the index.
    this.addSql('create index search_words_trgm_index on search_words using gist (word gist_trgm_ops);');
    this.addSql(`
      create function catalogue_collect_title_words() returns trigger language plpgsql as $$
      begin
        insert into search_words (word)
        select distinct w from new_rows n, unnest(tsvector_to_array(to_tsvector('simple', n.title))) as w
        where w ~ '^[a-z]{3,40}$'
        on conflict do nothing;
        return null;
      end $$;`);
    this.addSql(`create trigger products_title_words_insert after insert on products
      referencing new table as new_rows for each statement execute function catalogue_collect_title_words();`);
    this.addSql(`create trigger products_title_words_update after update on products
      referencing new table as new_rows for each statement execute function catalogue_collect_title_words();`);
    this.addSql(`insert into search_words (word)
      select distinct w from products p, unnest(tsvector_to_array(to_tsvector('simple', p.title))) as w
      where w ~ '^[a-z]{3,40}$' on conflict do nothing;`);
  }

  override down(): void {
    this.addSql('drop trigger if exists products_title_words_update on products;');
    this.addSql('drop trigger if exists products_title_words_insert on products;');
    this.addSql('drop function if exists catalogue_collect_title_words();');
    this.addSql('drop table if exists search_words;');
  }
}
