import type { TestApp } from './test-app.js';

/**
 * Arranges catalogue rows straight in the database, for tests of what reads them (the public API, pages).
 * Each call returns the ids it made; defaults are deliberately plain so a test states what matters to it.
 */
type Sql = TestApp['sql'];

let sequence = 0;
const next = () => `${process.pid}-${++sequence}`;

export async function createCategory(sql: Sql, fields: { slug?: string; name?: string; sortOrder?: number } = {}): Promise<{ id: number; slug: string }> {
  const slug = fields.slug ?? `category-${next()}`;
  const [row] = await sql<{ id: number }>(
    'insert into categories (slug, name, sort_order) values (?, ?, ?) returning id',
    [slug, fields.name ?? slug, fields.sortOrder ?? 0],
  );
  return { id: row!.id, slug };
}

export async function createBrand(sql: Sql, fields: { name?: string; logoKey?: string | null } = {}): Promise<{ id: number; name: string }> {
  const name = fields.name ?? `Brand ${next()}`;
  const [row] = await sql<{ id: number }>('insert into brands (name, logo_key) values (?, ?) returning id', [name, fields.logoKey ?? null]);
  return { id: row!.id, name };
}

export interface OptionFixture {
  name?: string;
  code?: string;
  price?: number;
  weight?: number;
  qty?: number | null;
  kind?: 'physical' | 'download' | 'online_access' | 'course';
  /** Learners per unit bought; online_access options default to 1, others are null. */
  seats?: number | null;
  active?: boolean;
}

export interface ProductFixture {
  title?: string;
  slug?: string;
  summary?: string;
  description?: string;
  status?: 'draft' | 'published';
  featured?: boolean;
  brandId?: number | null;
  categoryIds?: number[];
  options?: OptionFixture[];
  images?: Array<{ key: string; alt?: string }>;
  previewVideoUrl?: string | null;
  createdAt?: Date;
}

export interface CreatedProduct {
  id: number;
  slug: string;
  title: string;
  optionIds: number[];
}

export async function createProduct(sql: Sql, fields: ProductFixture = {}): Promise<CreatedProduct> {
  const id = next();
  const title = fields.title ?? `Product ${id}`;
  const slug = fields.slug ?? `product-${id}`;
  const options = fields.options ?? [{}];
  const active = options.filter((o) => o.active !== false).map((o) => o.price ?? 1000);
  const [row] = await sql<{ id: number }>(
    `insert into products (slug, title, code, summary, description, brand_id, status, featured, price_from, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      slug, title, `SKU-${id}`, fields.summary ?? '', fields.description ?? '', fields.brandId ?? null,
      fields.status ?? 'published', fields.featured ?? false, active.length ? Math.min(...active) : null,
      (fields.createdAt ?? new Date()).toISOString(),
    ],
  );
  const productId = row!.id;
  for (const categoryId of fields.categoryIds ?? []) {
    await sql('insert into product_categories (category_id, product_id) values (?, ?)', [categoryId, productId]);
  }
  const optionIds: number[] = [];
  for (const [index, option] of options.entries()) {
    const [created] = await sql<{ id: number }>(
      `insert into product_options (product_id, name, code, price, weight, qty, kind, seats, active, sort_order)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [
        productId, option.name ?? 'DVD', option.code ?? `OPT-${id}-${index}`, option.price ?? 1000, option.weight ?? 0,
        option.qty === undefined ? null : option.qty, option.kind ?? 'physical',
        option.seats !== undefined ? option.seats : option.kind === 'online_access' ? 1 : null, option.active ?? true, index,
      ],
    );
    optionIds.push(created!.id);
  }
  for (const [index, image] of (fields.images ?? []).entries()) {
    await sql('insert into product_images (product_id, storage_key, alt, sort_order) values (?, ?, ?, ?)', [productId, image.key, image.alt ?? '', index]);
  }
  if (fields.previewVideoUrl) {
    await sql('insert into product_videos (product_id, title, url, is_preview) values (?, ?, ?, true)', [productId, `${title} preview`, fields.previewVideoUrl]);
  }
  return { id: productId, slug, title, optionIds };
}
