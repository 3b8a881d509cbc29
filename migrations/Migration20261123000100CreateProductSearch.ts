import { Migration } from '@mikro-orm/migrations';

/**
 * Search at 100k products (issue 6: database p95 ≤ 10 ms per search request). A broad word ("fire") matches a
 * tenth of the catalogue; answering it from `products` visits ~6,700 heap pages of wide rows, three more times
 * for the facets, and ranks every match (55–190 ms per request, measured). `product_search` holds, per
 * published product, only what a search reads: the full-text document (a copy of `products.search_document`,
 * so matches are the same), the brand, the set of categories (an id into `product_category_sets`, so the
 * category facet groups on one integer instead of unnesting arrays per row) and the kinds of its active options
 * as bits (physical 1, download 2, online_access 4, course 8). One scan of it gives the total and all three
 * facets (ADR 0014, "Search at 100k").
 *
 * Statement-level triggers keep it current from `products`, `product_categories` and `product_options`
 * (generator bulk loads, admin edits, fixtures alike): each recomputes the touched products from the source
 * tables, so the order in which they fire does not matter; a row that comes out the same is not rewritten (one
 * generator statement fires all three triggers, and a new row version re-indexes the whole document). Deleted
 * products go with their row (on delete cascade).
 * Category sets are never deleted: a set nobody uses any more costs one small row.
 */
export class Migration20261123000100CreateProductSearch extends Migration {
  override up(): void {
    this.addSql(`
      create table product_category_sets (
        id serial primary key,
        category_ids integer[] not null,
        constraint product_category_sets_unique unique (category_ids)
      );`);
    this.addSql(`
      create table product_search (
        product_id integer primary key references products (id) on delete cascade,
        brand_id integer null,
        category_set_id integer not null references product_category_sets (id),
        kinds smallint not null,
        document tsvector not null
      );`);
    this.addSql('create index product_search_document_index on product_search using gin (document);');
    this.addSql(`
      create function catalogue_refresh_product_search(ids integer[]) returns void language plpgsql as $$
      begin
        delete from product_search s where s.product_id = any(ids)
          and not exists (select 1 from products p where p.id = s.product_id and p.status = 'published');
        insert into product_category_sets (category_ids)
        select distinct coalesce((select array_agg(pc.category_id order by pc.category_id) from product_categories pc where pc.product_id = p.id), '{}')
        from products p where p.id = any(ids) and p.status = 'published'
        on conflict (category_ids) do nothing;
        insert into product_search (product_id, brand_id, category_set_id, kinds, document)
        select p.id, p.brand_id, cs.id,
          (select coalesce(bit_or(case o.kind when 'physical' then 1 when 'download' then 2 when 'online_access' then 4 when 'course' then 8 else 0 end), 0)
           from product_options o where o.product_id = p.id and o.active)::smallint,
          p.search_document
        from products p
        join product_category_sets cs on cs.category_ids =
          coalesce((select array_agg(pc.category_id order by pc.category_id) from product_categories pc where pc.product_id = p.id), '{}')
        where p.id = any(ids) and p.status = 'published'
        on conflict (product_id) do update set brand_id = excluded.brand_id, category_set_id = excluded.category_set_id,
          kinds = excluded.kinds, document = excluded.document
        where (product_search.brand_id, product_search.category_set_id, product_search.kinds, product_search.document)
          is distinct from (excluded.brand_id, excluded.category_set_id, excluded.kinds, excluded.document);
      end $$;`);
    // One function for products (new rows) and for links and options (the products of old and new rows).
    this.addSql(`
      create function catalogue_product_search_changed() returns trigger language plpgsql as $$
      begin
        if tg_table_name = 'products' then
          perform catalogue_refresh_product_search(array(select n.id from new_rows n));
        elsif tg_op = 'INSERT' then
          perform catalogue_refresh_product_search(array(select distinct n.product_id from new_rows n));
        elsif tg_op = 'DELETE' then
          perform catalogue_refresh_product_search(array(select distinct o.product_id from old_rows o));
        else
          perform catalogue_refresh_product_search(array(select n.product_id from new_rows n union select o.product_id from old_rows o));
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger products_search_insert after insert on products
      referencing new table as new_rows for each statement execute function catalogue_product_search_changed();`);
    this.addSql(`create trigger products_search_update after update on products
      referencing new table as new_rows for each statement execute function catalogue_product_search_changed();`);
    for (const table of ['product_categories', 'product_options']) {
      this.addSql(`create trigger ${table}_search_insert after insert on ${table}
        referencing new table as new_rows for each statement execute function catalogue_product_search_changed();`);
      this.addSql(`create trigger ${table}_search_update after update on ${table}
        referencing old table as old_rows new table as new_rows for each statement execute function catalogue_product_search_changed();`);
      this.addSql(`create trigger ${table}_search_delete after delete on ${table}
        referencing old table as old_rows for each statement execute function catalogue_product_search_changed();`);
    }
    this.addSql(`select catalogue_refresh_product_search(array(select id from products));`);
  }

  override down(): void {
    for (const table of ['product_categories', 'product_options']) {
      for (const event of ['insert', 'update', 'delete']) this.addSql(`drop trigger if exists ${table}_search_${event} on ${table};`);
    }
    this.addSql('drop trigger if exists products_search_update on products;');
    this.addSql('drop trigger if exists products_search_insert on products;');
    this.addSql('drop function if exists catalogue_product_search_changed();');
    this.addSql('drop function if exists catalogue_refresh_product_search(integer[]);');
    this.addSql('drop table if exists product_search;');
    this.addSql('drop table if exists product_category_sets;');
  }
}
