import { OPTION_KINDS } from '../../domain/product-option.entity.js';
import { sanitizeHtml } from '../../../../platform/html/index.js';
import { DEMO_BRANDS, DEMO_CATEGORIES } from './demo-catalogue.data.js';
import { buildDemoProducts } from './demo-products.js';

describe('the demo catalogue', () => {
  const products = buildDemoProducts();
  const published = products.filter((p) => p.status === 'published');

  it('has at least 60 published products in every one of the six categories, and 2–3 drafts', () => {
    expect(published.length).toBeGreaterThanOrEqual(60);
    expect(products.length - published.length).toBeGreaterThanOrEqual(2);
    expect(products.length - published.length).toBeLessThanOrEqual(3);
    expect(DEMO_CATEGORIES.map((c) => c.slug)).toEqual(['training-dvds', 'online-training', 'posters', 'powerpoint', 'risk-assessments', 'training-courses']);
    for (const category of DEMO_CATEGORIES) {
      expect(published.filter((p) => p.categories.includes(category.slug)).length).toBeGreaterThanOrEqual(6);
    }
  });

  it('has unique slugs, product codes and option codes', () => {
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(products.map((p) => p.slug))).toBe(true);
    expect(unique(products.map((p) => p.code))).toBe(true);
    expect(unique(products.flatMap((p) => p.options.map((o) => o.code)))).toBe(true);
    for (const p of products) expect(p.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('sells options of every kind, priced in whole pence, with stock only on physical goods and courses', () => {
    const options = products.flatMap((p) => p.options);
    expect(new Set(options.map((o) => o.kind))).toEqual(new Set(OPTION_KINDS));
    for (const o of options) {
      expect(Number.isSafeInteger(o.price) && o.price > 0).toBe(true);
      if (o.kind === 'online_access' || o.kind === 'download') expect(o.qty).toBeNull();
      if (o.kind === 'physical') expect(o.weight).toBeGreaterThan(0);
      if (o.kind === 'course') expect(o.qty).not.toBeNull();
      expect(o.unlocksFile).toBe(o.kind === 'download');
    }
    const physical = options.filter((o) => o.kind === 'physical' && o.active);
    expect(physical.filter((o) => o.qty === 0)).toHaveLength(1);
    expect(physical.filter((o) => o.qty !== null && o.qty > 0 && o.qty <= 5).length).toBeGreaterThanOrEqual(2);
    expect(options.filter((o) => !o.active)).toHaveLength(1);
  });

  it('gives every download a small file, 1–3 pictures to every product, and previews to about 20', () => {
    for (const p of products) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(3);
      expect(p.file !== null).toBe(p.options.some((o) => o.kind === 'download'));
      if (p.file) expect(p.file.bytes.length).toBeLessThan(10_000);
      if (p.video) expect(p.video.url).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}$/);
    }
    const previews = products.filter((p) => p.video).length;
    expect(previews).toBeGreaterThanOrEqual(18);
    expect(previews).toBeLessThanOrEqual(22);
    expect(products.filter((p) => p.featured).length).toBe(8);
  });

  it('writes descriptions the sanitiser keeps as they are, in English, from known brands', () => {
    const brands = new Set(DEMO_BRANDS.map((b) => b.name));
    for (const p of products) {
      expect(sanitizeHtml(p.description)).toBe(p.description);
      expect(p.language).toBe('English');
      expect(brands.has(p.brand)).toBe(true);
      expect(p.summary.length).toBeLessThanOrEqual(1000);
    }
  });

  it('is the same on every run', () => {
    const again = buildDemoProducts();
    expect(again.map((p) => [p.code, p.options.map((o) => [o.price, o.qty]), p.video?.url])).toEqual(
      products.map((p) => [p.code, p.options.map((o) => [o.price, o.qty]), p.video?.url]),
    );
    expect(again.map((p) => p.images.map((i) => i.svg))).toEqual(products.map((p) => p.images.map((i) => i.svg)));
  });
});
