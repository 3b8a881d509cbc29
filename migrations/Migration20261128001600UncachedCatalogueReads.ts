import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 30, the catalogue's reads when its caches miss (ADR 0053): facet counts kept per combination, and
 * `product_search` in category-set order (clusterProductSearch, below).
 *
 * A product list's facets in one index lookup. Counting them from the products (three grouped queries
 * over every listed product; the category facet over the whole catalogue) cost ~45 ms per list at 10k products
 * and ~0.8 s at 100k (measured), so a list that missed the 30 s cache was slow. `product_facet_counts` keeps,
 * for every combination of one category (0 = any), one brand (0 = any) and one option kind (a `product_search`
 * kind bit; 0 = any), how many published products it holds: a product adds 1 to (its categories + 1) × (its
 * brand + 1) × (its kinds + 1) rows, ~13,000 rows at most with 200 categories and 12 brands whatever the
 * catalogue's size. A list's total and all three facets (each without its own filter) are then a few hundred
 * rows read through the two indexes (ADR 0053).
 *
 * Kept from `product_search` (one row per published product, itself kept by triggers from products, their
 * categories and options; ADR 0014) by statement-level triggers: each statement's changed rows are turned into
 * +1/-1 per combination and added in one upsert, in key order so two concurrent edits take their row locks in
 * the same order. A row whose brand, categories and kinds are unchanged (a new title) adds nothing. Rows that
 * fall to 0 stay (bounded by the combinations) and are skipped by the reads.
 */
export class Migration20261128001600UncachedCatalogueReads extends Migration {
  override up(): void {
    this.clusterProductSearch();
    this.addSql(`
      create table product_facet_counts (
        brand_id integer not null,
        kind smallint not null,
        category_id integer not null,
        products integer not null,
        primary key (brand_id, kind, category_id)
      );`);
    this.addSql('create index product_facet_counts_category_index on product_facet_counts (category_id, kind, brand_id);');
    // Adds each changed product_search row's delta (+1 new, -1 old) to every combination it belongs to.
    this.addSql(`
      create function catalogue_add_facet_counts(deltas integer[], brand_ids integer[], category_set_ids integer[], kinds smallint[])
      returns void language sql as $$
        insert into product_facet_counts as f (brand_id, kind, category_id, products)
        select b.brand_id, k.kind, c.category_id, sum(changed.delta)::int
        from unnest(deltas, brand_ids, category_set_ids, kinds) as changed (delta, brand_id, category_set_id, kinds)
        join product_category_sets cs on cs.id = changed.category_set_id
        cross join lateral (select 0 as category_id union all select unnest(cs.category_ids)) c
        cross join lateral (select 0 as brand_id union all select changed.brand_id where changed.brand_id is not null) b
        cross join lateral (select 0::smallint as kind union all
          select bit::smallint from (values (1), (2), (4), (8)) as bits (bit) where changed.kinds & bit <> 0) k
        group by b.brand_id, k.kind, c.category_id
        having sum(changed.delta) <> 0
        order by b.brand_id, k.kind, c.category_id
        on conflict (brand_id, kind, category_id) do update set products = f.products + excluded.products;
      $$;`);
    this.addSql(`
      create function catalogue_product_facets_changed() returns trigger language plpgsql as $$
      declare
        deltas integer[]; brand_ids integer[]; category_set_ids integer[]; kinds smallint[];
      begin
        if tg_op = 'INSERT' then
          select array_agg(1), array_agg(n.brand_id), array_agg(n.category_set_id), array_agg(n.kinds)
            into deltas, brand_ids, category_set_ids, kinds from new_rows n;
        elsif tg_op = 'DELETE' then
          select array_agg(-1), array_agg(o.brand_id), array_agg(o.category_set_id), array_agg(o.kinds)
            into deltas, brand_ids, category_set_ids, kinds from old_rows o;
        else
          select array_agg(c.delta), array_agg(c.brand_id), array_agg(c.category_set_id), array_agg(c.kinds)
            into deltas, brand_ids, category_set_ids, kinds
            from (select 1 as delta, n.brand_id, n.category_set_id, n.kinds from new_rows n
                  union all select -1, o.brand_id, o.category_set_id, o.kinds from old_rows o) c;
        end if;
        if deltas is not null then
          perform catalogue_add_facet_counts(deltas, brand_ids, category_set_ids, kinds);
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger product_search_facets_insert after insert on product_search
      referencing new table as new_rows for each statement execute function catalogue_product_facets_changed();`);
    this.addSql(`create trigger product_search_facets_update after update on product_search
      referencing old table as old_rows new table as new_rows for each statement execute function catalogue_product_facets_changed();`);
    this.addSql(`create trigger product_search_facets_delete after delete on product_search
      referencing old table as old_rows for each statement execute function catalogue_product_facets_changed();`);
    this.addSql(`
      create function catalogue_product_facets_truncated() returns trigger language plpgsql as $$
      begin
        delete from product_facet_counts;
        return null;
      end $$;`);
    this.addSql(`create trigger product_search_facets_truncate after truncate on product_search
      for each statement execute function catalogue_product_facets_truncated();`);
    this.addSql(`select catalogue_add_facet_counts(array_agg(1), array_agg(brand_id), array_agg(category_set_id), array_agg(kinds))
      from product_search having count(*) > 0;`);
  }

  /**
   * Issue 30 item 4, search p95 ≤ 10 ms at 100k for every term: a broad word's summary is one bitmap heap scan
   * of its matches (~10,000 for "fire"), and with `product_search` in product order the matches of one word lay
   * on nearly every one of its ~3,900 pages (~4,400 buffers per summary, measured). Products of one topic share
   * categories, so a table kept in category-set order holds a topic's matches on a few hundred pages (~800
   * buffers for "fire"). CLUSTER orders it once; rows written later go wherever there is room, so a bulk load
   * (`catalogue:generate`) clusters again, and a catalogue edited row by row drifts back slowly (ADR 0053).
   */
  private clusterProductSearch(): void {
    this.addSql('create index product_search_category_set_index on product_search (category_set_id);');
    this.addSql('cluster product_search using product_search_category_set_index;');
  }

  override down(): void {
    for (const event of ['insert', 'update', 'delete', 'truncate']) this.addSql(`drop trigger if exists product_search_facets_${event} on product_search;`);
    this.addSql('drop function if exists catalogue_product_facets_truncated();');
    this.addSql('drop function if exists catalogue_product_facets_changed();');
    this.addSql('drop function if exists catalogue_add_facet_counts(integer[], integer[], integer[], smallint[]);');
    this.addSql('drop table if exists product_facet_counts;');
    this.addSql('drop index if exists product_search_category_set_index;');
  }
}
