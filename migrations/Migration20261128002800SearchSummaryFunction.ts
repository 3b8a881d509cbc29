import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 30 item 4 (ADR 0069): a search's summary (total, facets and the walked first page; ADR 0014, "Search at
 * 100k") as a PL/pgSQL function, so each connection plans it once. Sent as a statement, the summary was parsed,
 * analysed and planned on every request — a quarter of its backend CPU for "fire" and three quarters of a term
 * that finds nothing (perf and /proc, measured at 100k products) — because MikroORM inlines literals and sends
 * no prepared statements. PL/pgSQL keeps the plan of the statement below per connection;
 * `plan_cache_mode = force_generic_plan` makes it keep one plan from the first call (left to itself it plans
 * every call afresh, its generic plan costing a little more than a custom one). The plan is the same shape as
 * the statement's: the term is an InitPlan (`q`), so the planner never knew it anyway.
 *
 * The statement is SqlCatalogueReads' former SEARCH_SUMMARY with every filter as a parameter that may be null,
 * and one change that gives the same answer for less: the page's option kinds come from `product_search.kinds`
 * (the kinds of the product's active options as bits, kept by triggers; null when it has none, as `array_agg`
 * gave) instead of a lookup of its options per card. Parameters, referred to by number so that the bench can
 * explain the statement on its own (scripts/bench/lib/search-db.mjs): $1 the term as typed (websearch syntax),
 * $2 the brand, $3 the kind's bit, $4 the category (each null for no filter), $5 and $6 the page's offset and
 * limit (null: no page). Changing the statement is a new migration that replaces the function.
 */
const SEARCH_SUMMARY_FUNCTION = `
  create or replace function catalogue_search_summary(search_term text, brand_filter integer, kind_bit integer,
    category_filter integer, walk_offset integer, walk_limit integer)
  returns table (total integer, categories json, brands json, kinds json, page json)
  language plpgsql stable
  set plan_cache_mode = force_generic_plan
  as $$
  #variable_conflict use_column
  begin
    return query with q as materialized (
           select query, regexp_replace(query::text, '''(([^'']|'''')*)''', '''\\1'':A', 'g')::tsquery as title_query
           from websearch_to_tsquery('english', $1) as query
         ),
         in_category as materialized (
           select cs.id from product_category_sets cs where $4 is not null and cs.category_ids @> array[$4]
         ),
         counted as (
           select grouping(s.category_set_id) = 1 as by_brand_and_kinds, s.category_set_id, s.brand_id, s.kinds,
             count(*) filter (where ($2 is null or s.brand_id = $2) and ($3 is null or s.kinds & $3 <> 0))::int as for_categories,
             count(*) filter (where $4 is null or s.category_set_id in (select c.id from in_category c))::int as matches
           from product_search s where s.document @@ (select q.query from q)
           group by grouping sets ((s.category_set_id), (s.brand_id, s.kinds))
         ), totals as (
           select coalesce(sum(c.matches), 0)::int as total,
             (select greatest(reltuples, 0)::int from pg_class where oid = 'product_search'::regclass) as searched
           from counted c where c.by_brand_and_kinds and ($2 is null or c.brand_id = $2) and ($3 is null or c.kinds & $3 <> 0)
         )
         select t.total,
           (select json_object_agg(f.category_id, f.count) from (
              select category_id, sum(g.for_categories)::int as count
              from counted g
              cross join lateral unnest((select cs.category_ids from product_category_sets cs where cs.id = g.category_set_id)) as category_id
              where not g.by_brand_and_kinds group by category_id) f
            where f.count > 0),
           (select json_object_agg(f.brand_id, f.count) from (
              select c.brand_id, sum(c.matches)::int as count from counted c
              where c.by_brand_and_kinds and c.brand_id is not null and ($3 is null or c.kinds & $3 <> 0) group by c.brand_id) f
            where f.count > 0),
           (select json_object_agg(k.kind, f.count) from (values ('course', 8), ('download', 2), ('online_access', 4), ('physical', 1)) as k (kind, bit)
            cross join lateral (
              select sum(c.matches)::int as count from counted c
              where c.by_brand_and_kinds and c.kinds & k.bit <> 0 and ($2 is null or c.brand_id = $2)) f
            where f.count > 0),
           -- The newest products walked back along the primary key, enough to hold the page four times over at the
           -- matches' density, when that is fewer rows than the matches (ADR 0014): the page when title matches fill it.
           (select json_agg(card order by card.id desc) from (
              select p.id, p.slug, p.title, p.code, p.summary, p.brand_id, b.name as brand_name, p.price_from, p.featured,
                img.storage_key as image_key, img.alt as image_alt, img.width as image_width, img.height as image_height,
                case when page.kinds <> 0 then array_remove(array[
                  case when page.kinds & 8 <> 0 then 'course' end, case when page.kinds & 2 <> 0 then 'download' end,
                  case when page.kinds & 4 <> 0 then 'online_access' end, case when page.kinds & 1 <> 0 then 'physical' end], null)
                end as kinds
              from (select s.product_id as id, s.kinds
                    from (select * from product_search ps order by ps.product_id desc
                          limit (select case when $6 is not null and w.searched > 0 and w.total > 0
                                               and ceil(4.0 * ($5 + $6) * w.searched / w.total) < w.total
                                        then ceil(4.0 * ($5 + $6) * w.searched / w.total)::int else 0 end from totals w)) s
                    where ts_match_vq(s.document, (select q.query from q)) and ts_match_vq(s.document, (select q.title_query from q))
                      and ($2 is null or s.brand_id = $2) and ($3 is null or s.kinds & $3 <> 0)
                      and ($4 is null or s.category_set_id in (select c.id from in_category c))
                    order by s.product_id desc limit $6 offset $5) page
              join products p on p.id = page.id
              left join brands b on b.id = p.brand_id
              left join lateral (
                select i.storage_key, i.alt, i.width, i.height from product_images i
                where i.product_id = p.id order by i.sort_order, i.id limit 1
              ) img on true) card)
         from totals t;
  end
  $$;`;

export class Migration20261128002800SearchSummaryFunction extends Migration {
  override up(): void {
    this.addSql(SEARCH_SUMMARY_FUNCTION);
  }

  override down(): void {
    this.addSql('drop function if exists catalogue_search_summary(text, integer, integer, integer, integer, integer);');
  }
}
