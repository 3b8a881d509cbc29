import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { DomainError, InvalidInputError } from '../../../../shared/domain-error.js';
import { DEMO_CATEGORIES } from '../../application/demo/demo-catalogue.data.js';
import { syntheticProductsSql } from './synthetic-catalogue.sql.js';
import { SYNTHETIC_BRANDS, SYNTHETIC_FAMILY_CATEGORIES, syntheticCategory } from '../../application/demo/synthetic-words.js';

export const SYNTHETIC_LIMITS = { products: { min: 1, max: 1_000_000 }, categories: { min: 6, max: 1000 }, seed: { min: 0, max: 2_147_483_647 } } as const;

export interface SyntheticCatalogueRequest {
  products: number;
  /** Total categories, the six standard ones included. */
  categories: number;
  seed: number;
  /** Delete the existing catalogue (every product, category and brand) first; without it a non-empty catalogue is refused. */
  replace: boolean;
}

export interface SyntheticCatalogueResult {
  products: number;
  options: number;
  categoryLinks: number;
  categories: number;
  brands: number;
  /** Products deleted first (with `replace`). */
  deleted: number;
  milliseconds: number;
}

/** Rows per INSERT … SELECT: large enough to be set-based, small enough to report progress every few seconds. */
const CHUNK = 5000;

/** Why `value` is not a whole number within `limits`, or null. */
export function syntheticNumberProblem(value: number, limits: { min: number; max: number }): string | null {
  if (!Number.isSafeInteger(value) || value < limits.min || value > limits.max) {
    return `must be a whole number from ${limits.min.toLocaleString('en-GB')} to ${limits.max.toLocaleString('en-GB')}.`;
  }
  return null;
}

/**
 * A large synthetic catalogue for benchmarks (`shop catalogue:generate`): N products with 1–3 options each,
 * in the six standard categories plus "<subject> for <sector>" ones, written by a few set-based
 * `INSERT … SELECT … FROM generate_series` statements rather than one row at a time — 100,000 products in
 * well under a minute on PostgreSQL. Every choice comes from md5(seed, product number), so the same seed
 * gives the same catalogue on PGlite and PostgreSQL. No images and no files: it needs no file storage.
 */
@Injectable()
export class SyntheticCatalogueGenerator {
  constructor(private readonly em: EntityManager) {}

  async countProducts(): Promise<number> {
    const [row] = await this.em.getConnection().execute<Array<{ count: number }>>('select count(*)::int as count from products');
    return row?.count ?? 0;
  }

  async generate(request: SyntheticCatalogueRequest, onProgress: (done: number, total: number) => void = () => {}): Promise<SyntheticCatalogueResult> {
    for (const field of ['products', 'categories', 'seed'] as const) {
      const problem = syntheticNumberProblem(request[field], SYNTHETIC_LIMITS[field]);
      if (problem) throw new InvalidInputError(field, problem);
    }
    const started = performance.now();
    const result = await this.em.transactional(async (em) => {
      const run = <T>(sql: string, params: unknown[] = []) => em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());
      const [existing] = await run<{ count: number }>('select count(*)::int as count from products');
      let deleted = 0;
      if (existing!.count > 0) {
        if (!request.replace) {
          throw new DomainError('conflict', `The catalogue already has ${existing!.count.toLocaleString('en-GB')} product(s); replace it explicitly or use an empty database.`);
        }
        deleted = existing!.count;
        // Products first: their options, images, videos, files, links, views and previews go with them (on delete cascade).
        await run('delete from products');
        await run('delete from categories');
        await run('delete from brands');
      }
      const categoryIds = await this.ensureCategories(run, request.categories);
      const brandIds = await this.ensureBrands(run);
      const sql = syntheticProductsSql({
        familyCategoryIds: categoryIds.family, syntheticCategoryIds: categoryIds.synthetic, brandIds,
      });
      const totals = { products: 0, options: 0, categoryLinks: 0 };
      onProgress(0, request.products);
      for (let first = 1; first <= request.products; first += CHUNK) {
        const last = Math.min(first + CHUNK - 1, request.products);
        const [counts] = await run<{ products: number; options: number; links: number }>(sql, [String(request.seed), String(request.seed), first, last, request.products]);
        totals.products += counts!.products;
        totals.options += counts!.options;
        totals.categoryLinks += counts!.links;
        onProgress(last, request.products);
      }
      return { ...totals, categories: request.categories, brands: brandIds.length, deleted };
    });
    // The search table in category-set order again (a bulk load appends in product order): a topic's matches
    // then lie on a few hundred pages, not all of them (migration 20261128001600, ADR 0053).
    await this.em.getConnection().execute('cluster product_search using product_search_category_set_index');
    // Fresh statistics, or the planner keeps estimating from an empty table and picks bad plans.
    await this.em.getConnection().execute('analyze products, product_options, product_categories, categories, brands, product_search, product_facet_counts');
    return { ...result, milliseconds: Math.round(performance.now() - started) };
  }

  /** The six standard categories and `total - 6` synthetic ones, created when missing; their ids in order. */
  private async ensureCategories(run: <T>(sql: string, params?: unknown[]) => Promise<T[]>, total: number) {
    const wanted = [
      ...DEMO_CATEGORIES.map((c, i) => ({ slug: c.slug, name: c.name, description: c.description, sortOrder: i + 1 })),
      ...Array.from({ length: total - DEMO_CATEGORIES.length }, (_, i) => ({ ...syntheticCategory(i), description: '', sortOrder: 100 + i })),
    ];
    for (let i = 0; i < wanted.length; i += 500) {
      const batch = wanted.slice(i, i + 500);
      await run(
        `insert into categories (slug, name, description, sort_order) values ${batch.map(() => '(?, ?, ?, ?)').join(', ')} on conflict (slug) do nothing`,
        batch.flatMap((c) => [c.slug, c.name, c.description, c.sortOrder]),
      );
    }
    const ids = new Map<string, number>();
    for (let i = 0; i < wanted.length; i += 500) {
      const slugs = wanted.slice(i, i + 500).map((c) => c.slug);
      const rows = await run<{ id: number; slug: string }>(`select id, slug from categories where slug in (${slugs.map(() => '?').join(', ')})`, slugs);
      for (const row of rows) ids.set(row.slug, row.id);
    }
    return {
      family: SYNTHETIC_FAMILY_CATEGORIES.map((slug) => ids.get(slug)!),
      synthetic: wanted.slice(DEMO_CATEGORIES.length).map((c) => ids.get(c.slug)!),
    };
  }

  private async ensureBrands(run: <T>(sql: string, params?: unknown[]) => Promise<T[]>): Promise<number[]> {
    await run(
      `insert into brands (name, sort_order) values ${SYNTHETIC_BRANDS.map(() => '(?, ?)').join(', ')} on conflict (name) do nothing`,
      SYNTHETIC_BRANDS.flatMap((name, i) => [name, i + 1]),
    );
    const rows = await run<{ id: number; name: string }>(`select id, name from brands where name in (${SYNTHETIC_BRANDS.map(() => '?').join(', ')})`, [...SYNTHETIC_BRANDS]);
    const byName = new Map(rows.map((row) => [row.name, row.id]));
    return SYNTHETIC_BRANDS.map((name) => byName.get(name)!);
  }
}
