// The bench's own PostgreSQL database: dropped and recreated on every run, migrated, filled with a
// deterministic catalogue, analysed; then the parameters the load varies over are read from it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Search terms people type: topics, a two-word phrase, a typo, and one that matches nothing. */
/** (Broad ones such as "fire" and "training dvd" match a tenth of the catalogue or more: the costly kind.) */
export const SEARCH_TERMS = [
  'manual handling', 'fire', 'fire safety', 'first aid', 'asbestos', 'coshh', 'working at height', 'forklift',
  'ladder', 'noise at work', 'risk assessment', 'legionella', 'training dvd', 'manul handling', 'zyzzyva',
];
export const NO_MATCH_TERM = 'zyzzyva';

export function databaseUrl(settings) {
  const url = new URL(settings.adminUrl);
  url.pathname = `/${settings.database}`;
  return url.toString();
}

export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function shop(root, args, env) {
  const result = spawnSync(path.join(root, 'bin/shop'), args, { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

export function mustRun(root, args, env) {
  const result = shop(root, args, env);
  if (!result.ok) throw new Error(`shop ${args.join(' ')} failed:\n${result.output}`);
  return result.output;
}

/** Creates the catalogue with the shop's own generator (`shop catalogue:generate`, ADR 0011). */
export async function prepareDatabase(root, settings, log) {
  const url = databaseUrl(settings);
  await withClient(settings.adminUrl, async (client) => {
    await client.query(`drop database if exists ${settings.database} with (force)`);
    await client.query(`create database ${settings.database}`);
  });
  const dataDir = path.join(root, 'var/bench/data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = { DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  mustRun(root, ['db:migrate'], env);
  // Demo widgets and blog posts give the home page its real content; the demo catalogue that comes with
  // them is replaced by the generated one (--yes).
  mustRun(root, ['db:seed', '--demo'], env);

  const started = performance.now();
  const args = ['catalogue:generate', '--products', String(settings.products), '--categories', String(settings.categories), '--seed', String(settings.seed), '--yes'];
  const generator = 'shop catalogue:generate';
  log(`  ${mustRun(root, args, env).split('\n').slice(-1)[0]}`);
  const generateSeconds = (performance.now() - started) / 1000;
  await withClient(url, (client) => client.query('vacuum analyze'));
  const counts = await withClient(url, async (client) => (await client.query(`
    select (select count(*)::int from products) as products,
           (select count(*)::int from products where status = 'published') as published,
           (select count(*)::int from categories) as categories,
           (select count(*)::int from product_options) as options`)).rows[0]);
  return { url, dataDir, generator, generateSeconds, counts };
}

/** What the load varies per request, drawn deterministically from the catalogue. */
export async function loadParameters(url) {
  return withClient(url, async (client) => {
    const categories = (await client.query(`
      select c.id, c.slug from categories c
      where exists (select 1 from product_categories pc join products p on p.id = pc.product_id and p.status = 'published' where pc.category_id = c.id)
      order by md5(c.id::text) limit 200`)).rows;
    const products = (await client.query(`
      select id, slug from products where status = 'published' order by md5(id::text) limit 500`)).rows;
    const options = (await client.query(`
      select o.id from product_options o join products p on p.id = o.product_id and p.status = 'published'
      where o.active order by md5(o.id::text) limit 500`)).rows.map((row) => row.id);
    if (categories.length === 0 || products.length === 0 || options.length === 0) {
      throw new Error('The bench catalogue has no published products, categories or options to ask for.');
    }
    return { categories, products, options, searchTerms: SEARCH_TERMS, misses: await missParameters(client) };
  });
}

/** A stable order that is not the catalogue's own (FNV-1a of the text): neighbouring paths are unrelated. */
const spread = (values) => values
  .map((value) => {
    let hash = 2166136261;
    for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 16777619) >>> 0;
    return [hash, value];
  })
  .sort((a, b) => a[0] - b[0])
  .map(([, value]) => value);

/** At most this many pages of one list: issue 30 asks for pages 1–400. */
const MISS_PAGES = 400;
/** Distinct search terms: more than the shop's 1,000 cached lists, so a cycle through them never hits. */
const MISS_TERMS = 1500;

/**
 * The paths of the cache-miss targets (issue 30 item 0): more distinct requests than the shop's caches hold
 * (1,000 lists, 2,000 products, 1,000 facet sets, each first in first out), so cycling through them keeps
 * missing, as production traffic spread over the whole catalogue would. Lists: every page (1–400) of
 * everything and of every category, and page 1 of every category with each of its brands (a facet set of its
 * own); products: every published one; search terms: title words and adjacent pairs of title words, and a
 * few misspelt or unknown words (the correction's path).
 */
async function missParameters(client) {
  const query = async (sql) => (await client.query(sql)).rows;
  const [{ published }] = await query(`select count(*)::int as published from products where status = 'published'`);
  const categoryCounts = await query(`
    select c.slug, count(*)::int as products from categories c
    join product_categories pc on pc.category_id = c.id join products p on p.id = pc.product_id and p.status = 'published'
    group by c.slug`);
  const categoryBrands = await query(`
    select distinct c.slug, p.brand_id from categories c
    join product_categories pc on pc.category_id = c.id join products p on p.id = pc.product_id and p.status = 'published'
    where p.brand_id is not null`);
  const pages = (total) => Array.from({ length: Math.min(MISS_PAGES, Math.max(1, Math.ceil(total / 24))) }, (_, i) => i + 1);
  const lists = spread([
    ...pages(published).map((page) => `page=${page}`),
    ...categoryCounts.flatMap(({ slug, products }) => pages(products).map((page) => `category=${slug}&page=${page}`)),
    ...categoryBrands.map(({ slug, brand_id: brand }) => `category=${slug}&brand=${brand}&page=1`),
  ]);
  const products = (await query(`select slug from products where status = 'published' order by md5(id::text)`)).map((row) => row.slug);
  const words = spread((await query(`select word from search_words where length(word) >= 3`)).map((row) => row.word));
  const titles = (await query(`select title from products where status = 'published' order by md5(id::text) limit 5000`)).map((row) => row.title);
  const pairs = new Set();
  for (const title of titles) {
    const inTitle = title.toLowerCase().match(/[a-z]{3,}/g) ?? [];
    for (let i = 0; i + 1 < inTitle.length; i++) pairs.add(`${inTitle[i]} ${inTitle[i + 1]}`);
  }
  const misspelt = words.slice(0, 50).map((word) => `${word.slice(0, -2)}${word.at(-1)}${word.at(-2)}`);
  const unknown = Array.from({ length: 25 }, (_, i) => `${NO_MATCH_TERM}${String.fromCharCode(97 + (i % 26))}`);
  // A small catalogue's titles have a few hundred words: two of them picked apart fill the list up (many find
  // nothing and take the correction's path, as distinct terms typed by visitors do).
  const terms = new Set([...words, ...misspelt, ...unknown, ...spread([...pairs])]);
  for (let i = 0; terms.size < MISS_TERMS && i < words.length * words.length; i++) {
    terms.add(`${words[i % words.length]} ${words[(i * 7 + Math.floor(i / words.length)) % words.length]}`);
  }
  const searchTerms = spread([...terms]).slice(0, MISS_TERMS);
  return { lists, products, searchTerms };
}
