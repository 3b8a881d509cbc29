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

function mustRun(root, args, env) {
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
    return { categories, products, options, searchTerms: SEARCH_TERMS };
  });
}
