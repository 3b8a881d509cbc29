import { slugify } from '../../../../shared/slugify.js';
import {
  SYNTHETIC_ACCREDITATIONS, SYNTHETIC_ADJECTIVES, SYNTHETIC_AUDIENCES, SYNTHETIC_FAMILY_KINDS, SYNTHETIC_FORMATS, SYNTHETIC_KINDS,
  SYNTHETIC_MODIFIERS, SYNTHETIC_OPTION_NAMES, SYNTHETIC_POINTS, SYNTHETIC_SECTORS, SYNTHETIC_SUBJECTS,
} from '../../application/demo/synthetic-words.js';

/**
 * The one statement that writes a range of synthetic products, their options and category links.
 *
 * Randomness is md5 of "<seed>:<product number>": 16 bytes (`a`) choose the product, 16 more (`b`) its
 * options. md5 is the same function on every PostgreSQL (PGlite included) and every machine, unlike
 * random() after setseed(), whose order is not defined in a set-based query. Bytes of `a`:
 * 0–1 subject, 2 family, 3 format, 4 modifier, 5 brand, 6 draft, 7 featured, 8 year, 9 audience,
 * 10–11 the two points, 12 adjective, 13 sector, 14 number of options, 15 accreditation. Bytes of `b`:
 * 0 running time, 1–3 kind, 4–6 price, 7–9 weight, 10–12 stock of options 1–3.
 *
 * Word lists and ids are written into the SQL as array literals (our own constants and integers; quotes
 * doubled); the seed and the range are parameters: ? seed, ? seed, ? first, ? last, ? total.
 */

function literal(text: string): string {
  if (text.includes('?')) throw new Error(`A synthetic word may not contain "?" (a placeholder): ${text}`);
  return `'${text.replace(/'/g, "''")}'`;
}

const texts = (items: readonly string[]) => `(array[${items.map(literal).join(', ')}]::text[])`;
const texts2d = (rows: ReadonlyArray<readonly string[]>) => `(array[${rows.map((row) => `[${row.map(literal).join(', ')}]`).join(', ')}]::text[])`;
const ints = (items: readonly number[]) => `(array[${items.map((n) => String(Math.trunc(n))).join(', ')}]::int[])`;
const byte = (from: string, index: number | string) => `get_byte(${from}, ${index})`;
const slug = (text: string) => slugify(text, 60);

export function syntheticProductsSql(ids: { familyCategoryIds: number[]; syntheticCategoryIds: number[]; brandIds: number[] }): string {
  const subjects = SYNTHETIC_SUBJECTS.length;
  const points = SYNTHETIC_POINTS.length;
  const familyKind = ints(SYNTHETIC_FAMILY_KINDS.map((kind) => SYNTHETIC_KINDS.indexOf(kind)));
  const syntheticLink = ids.syntheticCategoryIds.length === 0
    ? ''
    : `, (${ints(ids.syntheticCategoryIds)}[(n.s * ${subjects} + n.t) % ${ids.syntheticCategoryIds.length} + 1])`;
  return `
    with base as (
      select i, a, b,
        (${byte('a', 0)} * 256 + ${byte('a', 1)}) % ${subjects} as t,
        ${byte('a', 2)} % 6 as f,
        ${byte('a', 13)} % ${SYNTHETIC_SECTORS.length} as s,
        ${byte('a', 3)} % 3 as fi,
        ${byte('a', 4)} % ${SYNTHETIC_MODIFIERS.length} as mi,
        1 + ${byte('a', 14)} % 3 as n_options,
        ${byte('a', 10)} % ${points} as p1,
        (${byte('a', 10)} + 1 + ${byte('a', 11)} % ${points - 1}) % ${points} as p2
      from (
        select i, decode(md5(?::text || ':' || i), 'hex') as a, decode(md5(?::text || ':' || i || ':options'), 'hex') as b
        from generate_series(?::int, ?::int) as i
      ) random
    ), worded as (
      select base.*,
        ${texts(SYNTHETIC_SUBJECTS)}[t + 1] as subject,
        ${texts2d(SYNTHETIC_FORMATS)}[f + 1][fi + 1] as format,
        ${texts(SYNTHETIC_MODIFIERS)}[mi + 1] as modifier
      from base
    ), named as (
      select worded.*,
        subject || ' ' || format || case when modifier = '' then '' else ' ' || modifier end as title,
        -- The slug from slugged word lists: a regexp per row would cost more than the rest of the row.
        ${texts(SYNTHETIC_SUBJECTS.map(slug))}[t + 1] || '-' || ${texts2d(SYNTHETIC_FORMATS.map((row) => row.map(slug)))}[f + 1][fi + 1]
          || case when modifier = '' then '' else '-' || ${texts(SYNTHETIC_MODIFIERS.map(slug))}[mi + 1] end || '-' || i as slug,
        'A ' || ${texts(SYNTHETIC_ADJECTIVES)}[${byte('a', 12)} % ${SYNTHETIC_ADJECTIVES.length} + 1] || ' ' || lower(format)
          || ' on ' || lower(subject) || ' for ' || ${texts(SYNTHETIC_AUDIENCES)}[${byte('a', 9)} % ${SYNTHETIC_AUDIENCES.length} + 1]
          || ', covering ' || ${texts(SYNTHETIC_POINTS)}[p1 + 1] || ' and ' || ${texts(SYNTHETIC_POINTS)}[p2 + 1] || '.' as summary,
        'SYN-' || lpad(i::text, 7, '0') as code
      from worded
    ), opts as (
      -- A join on three VALUES rows, not a lateral generate_series: the planner guesses 1,000 rows per
      -- generate_series, costs the statement in millions and JIT-compiles it, which doubled the CPU time.
      select n.i, n.b, k, case when k = 1 then ${familyKind}[n.f + 1] else ${byte('n.b', 'k')} % 4 end as ki
      from named n join (values (1), (2), (3)) as options (k) on options.k <= n.n_options
    ), priced as (
      select i, k,
        ${texts(SYNTHETIC_KINDS)}[ki + 1] as kind,
        ${texts2d(SYNTHETIC_OPTION_NAMES)}[ki + 1][k] as name,
        (case ki when 0 then 995 + ${byte('b', '3 + k')} * 100 when 1 then 1995 + ${byte('b', '3 + k')} * 50
                 when 2 then 995 + ${byte('b', '3 + k')} * 40 else 9500 + ${byte('b', '3 + k')} * 200 end) * (1 + (k - 1) * 3) as price,
        case ki when 0 then 100 + ${byte('b', '6 + k')} else 0 end as weight,
        case ki when 0 then ${byte('b', '9 + k')} % 120 when 3 then 4 + ${byte('b', '9 + k')} % 17 end as qty
      from opts
    ), lowest as (
      select i, min(price) as price_from from priced group by i
    ), new_products as (
      insert into products (slug, title, code, summary, description, brand_id, status, featured, running_time, year, language,
                            accreditation, price_from, created_at, updated_at)
      select
        n.slug, n.title, n.code, n.summary,
        '<p>' || n.summary || '</p><ul><li>' || ${texts(SYNTHETIC_POINTS)}[n.p1 + 1] || '</li><li>' || ${texts(SYNTHETIC_POINTS)}[n.p2 + 1] || '</li></ul>',
        ${ints(ids.brandIds)}[${byte('n.a', 5)} % ${ids.brandIds.length} + 1],
        case when ${byte('n.a', 6)} < 3 then 'draft' else 'published' end,
        ${byte('n.a', 7)} < 2,
        case n.f when 0 then 10 + ${byte('n.b', 0)} % 30 when 1 then 20 + ${byte('n.b', 0)} % 100
                 when 5 then (array[210, 420, 840])[${byte('n.b', 0)} % 3 + 1] end,
        2015 + ${byte('n.a', 8)} % 12,
        'English',
        nullif(${texts(SYNTHETIC_ACCREDITATIONS)}[${byte('n.a', 15)} % ${SYNTHETIC_ACCREDITATIONS.length} + 1], ''),
        l.price_from,
        now() - (?::int - n.i) * interval '1 minute',
        now()
      from named n join lowest l on l.i = n.i
      returning id, code
    ), new_options as (
      insert into product_options (product_id, name, code, price, weight, qty, kind, sort_order)
      select p.id, o.name, p.code || '-' || o.k, o.price, o.weight, o.qty, o.kind, o.k - 1
      from priced o join new_products p on p.code = 'SYN-' || lpad(o.i::text, 7, '0')
      returning 1
    ), new_links as (
      insert into product_categories (category_id, product_id)
      select c.category_id, p.id
      from named n join new_products p on p.code = n.code
      cross join lateral (values (${ints(ids.familyCategoryIds)}[n.f + 1])${syntheticLink}) as c (category_id)
      on conflict do nothing
      returning 1
    )
    select (select count(*)::int from new_products) as products, (select count(*)::int from new_options) as options,
           (select count(*)::int from new_links) as links`;
}
