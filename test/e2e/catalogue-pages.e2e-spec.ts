import request from 'supertest';
import { eventually } from '../support/eventually.js';
import { createBrand, createCategory, createProduct, type CreatedProduct } from '../support/catalogue-fixtures.js';
import { nextIp } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const APP_NAME = 'HS Training Direct';
const PUBLIC_URL = 'https://shop.example.co.uk';

/* A few small HTML helpers (no parser dependency): start tags, elements by a data attribute, text. */
const decode = (s: string) =>
  s.replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16))).replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
function tags(html: string, name: string): Array<Record<string, string>> {
  return [...html.matchAll(new RegExp(`<${name}(?=[\\s>/])[^>]*>`, 'gi'))].map((m) => {
    const attrs: Record<string, string> = {};
    for (const a of m[0].matchAll(/([^\s=/>"'<]+)(?:\s*=\s*"([^"]*)")?/g)) if (a[1] !== name) attrs[a[1]!.toLowerCase()] = decode(a[2] ?? '');
    return attrs;
  });
}
const text = (html: string) => decode(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const metaContent = (html: string, key: 'name' | 'property', value: string) => tags(html, 'meta').find((m) => m[key] === value)?.content;
const canonicalOf = (html: string) => tags(html, 'link').filter((l) => l.rel === 'canonical').map((l) => l.href);
const h1Of = (html: string) => text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
/** The slugs of the product cards, in page order. */
const cardSlugs = (html: string) => tags(html, 'article').map((a) => a['data-product-card']).filter((s): s is string => s !== undefined);
/** The markup of the first element carrying `attr`, up to its matching close tag. */
function section(html: string, attr: string): string {
  const start = html.search(new RegExp(`<([a-z]+)[^>]*\\s${attr}[=\\s>]`));
  if (start < 0) return '';
  const name = /^<([a-z]+)/.exec(html.slice(start))![1]!;
  const tag = new RegExp(`<(/?)${name}(?=[\\s>])[^>]*>`, 'g');
  tag.lastIndex = start;
  let depth = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index);
  }
  throw new Error(`Unclosed <${name}> carrying ${attr}`);
}
const hrefs = (html: string) => tags(html, 'a').map((a) => a.href ?? '');

describe(`catalogue pages (${databaseKind})`, () => {
  let shop: TestApp;
  const http = () => request(shop.app.getHttpServer());
  let dvds: { id: number; slug: string };
  let posters: { id: number; slug: string };
  let safeCo: { id: number; name: string };
  let manual: CreatedProduct;
  let fire: CreatedProduct;
  let poster: CreatedProduct;
  let coshh: CreatedProduct;
  let draft: CreatedProduct;

  beforeAll(async () => {
    shop = await startTestApp({ PUBLIC_URL, TRUST_PROXY: '127.0.0.1' });
    dvds = await createCategory(shop.sql, { slug: 'training-dvds', name: 'Training DVDs', sortOrder: 1 });
    posters = await createCategory(shop.sql, { slug: 'posters', name: 'Posters', sortOrder: 2 });
    await createCategory(shop.sql, { slug: 'powerpoint', name: 'PowerPoint', sortOrder: 3 }); // empty
    await shop.sql(`update categories set description = ? where id = ?`, ['Training videos on disc for group sessions.', dvds.id]);
    safeCo = await createBrand(shop.sql, { name: 'SafeCo Films', logoKey: 'public/brands/safeco.png' });
    const otherCo = await createBrand(shop.sql, { name: 'Other Co' });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    manual = await createProduct(shop.sql, {
      title: 'Manual Handling Training DVD', slug: 'manual-handling-training-dvd', summary: 'Lifting safely at work.',
      description: '<p>Lift &amp; carry <strong>safely</strong>. Never write &lt;/script&gt; in a title.</p>',
      brandId: safeCo.id, categoryIds: [dvds.id], featured: true, createdAt: day(1), previewVideoUrl: 'https://video.example/mh.mp4',
      options: [{ name: 'DVD', price: 19_500, weight: 250, qty: 3 }, { name: 'Online licence', price: 9_900, kind: 'online_access' }],
      images: [{ key: 'public/products/mh-1.png', alt: 'Manual handling DVD case' }, { key: 'public/products/mh-2.png', alt: 'A scene from the film' }],
    });
    await shop.sql(`update products set running_time = 22, year = 2024, language = 'English', accreditation = 'RoSPA approved' where id = ?`, [manual.id]);
    fire = await createProduct(shop.sql, {
      title: 'Fire Marshal Essentials', summary: 'Evacuation, extinguishers and manual call points.', brandId: safeCo.id, categoryIds: [dvds.id],
      options: [{ price: 24_900, qty: 0 }], createdAt: day(2),
    });
    poster = await createProduct(shop.sql, {
      title: 'Ladder Safety Poster', brandId: otherCo.id, categoryIds: [posters.id], options: [{ name: 'A2 poster', price: 1_250, qty: 50 }], createdAt: day(3),
    });
    coshh = await createProduct(shop.sql, {
      title: 'COSHH Awareness Online', brandId: otherCo.id, categoryIds: [dvds.id, posters.id], options: [{ price: 4_500, kind: 'online_access' }], createdAt: day(4),
    });
    draft = await createProduct(shop.sql, { title: 'Manual Handling Draft Edition', status: 'draft', categoryIds: [dvds.id], createdAt: day(5) });
    // Views arranged before anything reads "popular" (the list is cached for a minute): the poster most viewed.
    for (const [productId, times] of [[poster.id, 3], [fire.id, 1], [draft.id, 9]] as const) {
      for (let i = 0; i < times; i++) await shop.sql('insert into product_views (product_id, user_id) values (?, null)', [productId]);
    }
  }, 60_000);
  afterAll(() => shop?.close(), 30_000);

  describe('home page', () => {
    let html: string;
    beforeAll(async () => {
      html = (await http().get('/').expect(200)).text;
    });

    it('keeps its widgets and shows featured products as cards', () => {
      expect(html).toContain('data-widget="home-intro"');
      expect(html).toContain('data-widget="home-accreditation"');
      const featured = section(html, 'data-home-featured');
      expect(cardSlugs(featured)).toEqual([manual.slug]);
      expect(text(featured)).toContain('from £99.00 ex VAT');
      expect(text(featured)).toContain('SafeCo Films');
    });

    it('lists the catalogue categories with their counts', () => {
      const tiles = tags(html, 'a').filter((a) => a['data-category-tile'] !== undefined).map((a) => a.href);
      expect(tiles).toEqual(['/category/training-dvds', '/category/posters', '/category/powerpoint']);
      expect(text(html)).toContain('Training videos on disc for group sessions. 3 products');
    });

    it('shows the logos of brands that have one, each linking to its products', () => {
      const logos = section(html, 'data-brand-logos');
      expect(tags(logos, 'img')).toEqual([expect.objectContaining({ src: '/media/brands/safeco.png', alt: 'SafeCo Films', width: '160', height: '64' })]);
      expect(hrefs(logos)).toEqual([`/category?brand=${safeCo.id}`]);
    });

    it('shows the most viewed published products as "popular", drafts never', () => {
      expect(cardSlugs(section(html, 'data-home-popular'))).toEqual([poster.slug, fire.slug]);
    });

    it('gives every image a size (no layout shift); only the first row of cards loads at once', () => {
      const images = tags(html, 'img').filter((i) => i.src?.startsWith('/media/'));
      expect(images.length).toBeGreaterThan(1);
      for (const img of images) expect([img.width, img.height]).toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)]);
      expect(tags(section(html, 'data-home-featured'), 'img')).toEqual([expect.objectContaining({ src: '/media/products/mh-1.png', loading: 'eager' })]);
      expect(tags(section(html, 'data-brand-logos'), 'img')[0]!.loading).toBe('lazy');
    });
  });

  describe('category page', () => {
    it('lists a category by slug: title, heading, description, cards newest first, canonical', async () => {
      const res = await http().get('/category/training-dvds').expect(200);
      expect(titleOf(res.text)).toBe(`Training DVDs | ${APP_NAME}`);
      expect(h1Of(res.text)).toBe('Training DVDs');
      expect(metaContent(res.text, 'name', 'description')).toBe('Training videos on disc for group sessions.');
      expect(cardSlugs(res.text)).toEqual([coshh.slug, fire.slug, manual.slug]);
      expect(canonicalOf(res.text)).toEqual([`${PUBLIC_URL}/category/training-dvds`]);
      expect(metaContent(res.text, 'name', 'robots')).toBeUndefined();
      const card = section(res.text, `data-product-card="${manual.slug}"`);
      expect(text(card)).toMatch(/Manual Handling Training DVD SafeCo Films from £99\.00 ex VAT Online training DVD or print/);
      expect(hrefs(card)).toEqual([`/products/${manual.slug}`, `/products/${manual.slug}`]);
      expect(text(res.text)).toContain('1–3 of 3 products');
    });

    it('moves /category/{numeric id} to the slug address, keeping the query', async () => {
      const res = await http().get(`/category/${posters.id}?sort=title&utm_source=mail`).expect(301);
      expect(res.headers.location).toBe('/category/posters?sort=title&utm_source=mail');
      const page = await http().get('/category/posters?sort=title&utm_source=mail').expect(200);
      expect(h1Of(page.text)).toBe('Posters');
      expect(cardSlugs(page.text)).toEqual([coshh.slug, poster.slug]);
      // The canonical URL drops tracking and sort parameters.
      expect(canonicalOf(page.text)).toEqual([`${PUBLIC_URL}/category/posters`]);
    });

    it('shows every product at /category', async () => {
      const res = await http().get('/category').expect(200);
      expect(h1Of(res.text)).toBe('All products');
      expect(cardSlugs(res.text)).toEqual([coshh.slug, poster.slug, fire.slug, manual.slug]);
    });

    it('offers facets as links that keep the other parameters, with counts, the chosen one undoing itself', async () => {
      const res = await http().get(`/category/training-dvds?sort=price&brand=${safeCo.id}`).expect(200);
      expect(cardSlugs(res.text)).toEqual([manual.slug, fire.slug]);
      const facets = tags(res.text, 'a').filter((a) => a['data-facet']);
      const facet = (kind: string, value: string) => facets.find((a) => a['data-facet'] === kind && a['data-facet-value'] === value);
      expect(facet('category', 'training-dvds')).toMatchObject({ href: `/category?brand=${safeCo.id}&sort=price`, 'aria-current': 'true' });
      expect(facet('brand', String(safeCo.id))).toMatchObject({ href: '/category/training-dvds?sort=price', 'aria-current': 'true' });
      expect(facet('kind', 'online_access')!.href).toBe(`/category/training-dvds?brand=${safeCo.id}&kind=online_access&sort=price`);
      expect(text(section(res.text, 'data-facets'))).toMatch(/Brand Other Co \(1\) Remove filter: SafeCo Films \(2\) Format Online training \(1\) DVD or print \(2\)/);
      expect(tags(res.text, 'a').find((a) => 'data-facet-clear' in a)?.href).toBe('/category');
    });

    it('sorts by a GET form that keeps the filters, and by price, title and newest', async () => {
      const res = await http().get(`/category/training-dvds?brand=${safeCo.id}&sort=-price`).expect(200);
      expect(cardSlugs(res.text)).toEqual([fire.slug, manual.slug]);
      const form = tags(res.text, 'form').find((f) => 'data-sort-form' in f)!;
      expect(form).toMatchObject({ action: '/category/training-dvds', method: 'get' });
      const sortForm = section(res.text, 'data-sort-form');
      expect(tags(sortForm, 'input')).toEqual([expect.objectContaining({ type: 'hidden', name: 'brand', value: String(safeCo.id) })]);
      const options = tags(sortForm, 'option');
      expect(options.map((o) => o.value)).toEqual(['newest', 'price', '-price', 'title', '-title']); // no relevance without a search
      expect(options.find((o) => 'selected' in o)?.value).toBe('-price');
      expect(cardSlugs((await http().get('/category/training-dvds?sort=title').expect(200)).text)).toEqual([coshh.slug, fire.slug, manual.slug]);
    });

    it('pages with links that keep the search, filters and sort', async () => {
      const first = await http().get('/category?sort=title&per_page=2').expect(200);
      expect(cardSlugs(first.text)).toEqual([coshh.slug, fire.slug]);
      const pages = tags(section(first.text, 'data-pagination'), 'a').map((a) => a.href);
      expect(pages).toEqual(['/category?sort=title&per_page=2', '/category?sort=title&per_page=2&page=2', '/category?sort=title&per_page=2&page=2']);
      const second = await http().get('/category?sort=title&per_page=2&page=2').expect(200);
      expect(cardSlugs(second.text)).toEqual([poster.slug, manual.slug]);
      expect(titleOf(second.text)).toBe(`All products – page 2 | ${APP_NAME}`);
      expect(canonicalOf(second.text)).toEqual([`${PUBLIC_URL}/category?page=2`]);
      expect(text(second.text)).toContain('3–4 of 4 products');
    });

    it.each([
      '/category?page=abc', '/category?per_page=500', '/category?sort=bogus', '/category?kind=vinyl', '/category?brand=x',
      '/category?page=0&per_page=-3&sort=relevance', '/category?search=%20%20',
    ])('falls back to the defaults for bad parameters: %s', async (url) => {
      const res = await http().get(url).expect(200);
      expect(h1Of(res.text)).toBe('All products');
      expect(cardSlugs(res.text)).toEqual([coshh.slug, poster.slug, fire.slug, manual.slug]);
    });

    it.each(['/category/no-such-category', '/category/999999', '/category/training-dvds?page=5'])('answers %s with the 404 page', async (url) => {
      const res = await http().get(url).expect(404);
      expect(res.text).toContain('data-error-page="404"');
      expect(titleOf(res.text)).toBe(`Page not found | ${APP_NAME}`);
    });
  });

  describe('search results', () => {
    it('finds a product despite a typo, in relevance order, titled after the search and kept out of the index', async () => {
      const res = await http().get('/category?search=manul%20handling').expect(200);
      expect(cardSlugs(res.text)[0]).toBe(manual.slug);
      expect(cardSlugs(res.text)).not.toContain(draft.slug);
      expect(h1Of(res.text)).toBe('Search results for “manul handling”');
      expect(res.text).toContain('data-corrected-search="manual handling"');
      expect(titleOf(res.text)).toBe(`Search results for “manul handling” | ${APP_NAME}`);
      expect(metaContent(res.text, 'name', 'robots')).toBe('noindex, follow');
      expect(canonicalOf(res.text)).toEqual([`${PUBLIC_URL}/category`]);
      expect(res.text).not.toContain('data-sort-form'); // nothing to sort in one result
      // Facet links keep the search.
      expect(tags(res.text, 'a').find((a) => a['data-facet'] === 'category' && a['data-facet-value'] === 'training-dvds')?.href)
        .toBe('/category/training-dvds?search=manul+handling');
    });

    it('ranks title matches first and offers relevance among the sort orders, keeping the search in the form', async () => {
      const res = await http().get('/category?search=manual').expect(200);
      expect(cardSlugs(res.text)).toEqual([manual.slug, fire.slug]);
      const sortForm = section(res.text, 'data-sort-form');
      expect(tags(sortForm, 'option').map((o) => o.value)).toEqual(['relevance', 'newest', 'price', '-price', 'title', '-title']);
      expect(tags(sortForm, 'option').find((o) => 'selected' in o)?.value).toBe('relevance');
      expect(tags(sortForm, 'input')).toEqual([expect.objectContaining({ type: 'hidden', name: 'search', value: 'manual' })]);
      const byPrice = await http().get('/category?search=manual&sort=-price').expect(200);
      expect(cardSlugs(byPrice.text)).toEqual([fire.slug, manual.slug]);
    });

    it('shows a clear "no results" state with ways on', async () => {
      const res = await http().get('/category?search=xylophone%20quartet').expect(200);
      expect(cardSlugs(res.text)).toEqual([]);
      expect(res.text).not.toContain('data-facets='); // nothing to filter
      const empty = section(res.text, 'data-no-results');
      expect(text(empty)).toContain('No products found');
      expect(text(empty)).toContain('We found no products matching “xylophone quartet”');
      expect(hrefs(empty)).toEqual(['/category/training-dvds', '/category/posters', '/contact']); // categories with products
      expect(res.text).not.toContain('data-pagination');
    });

    it('offers to drop the filters or widen to every category when a narrowed search finds nothing', async () => {
      const res = await http().get('/category/posters?search=fire&kind=download').expect(200);
      const empty = section(res.text, 'data-no-results');
      expect(hrefs(empty)).toEqual(expect.arrayContaining(['/category/posters?search=fire', '/category?search=fire']));
      expect(h1Of(res.text)).toBe('Search results for “fire” in Posters');
    });
  });

  describe('product page', () => {
    let res: request.Response;
    beforeAll(async () => {
      res = await http().get(`/products/${manual.slug}`).expect(200);
    });

    it('has the title, summary as description, canonical and share metadata', () => {
      expect(titleOf(res.text)).toBe(`Manual Handling Training DVD | ${APP_NAME}`);
      expect(h1Of(res.text)).toBe('Manual Handling Training DVD');
      expect(metaContent(res.text, 'name', 'description')).toBe('Lifting safely at work.');
      expect(canonicalOf(res.text)).toEqual([`${PUBLIC_URL}/products/${manual.slug}`]);
      expect(metaContent(res.text, 'property', 'og:type')).toBe('product');
      expect(metaContent(res.text, 'property', 'og:image')).toBe(`${PUBLIC_URL}/media/products/mh-1.png`);
    });

    it('shows the facts, the brand with its logo and the sanitised description as is', () => {
      const facts = text(section(res.text, 'data-product-facts'));
      expect(facts).toContain('Product code SKU-');
      expect(facts).toContain('Accreditation RoSPA approved');
      expect(facts).toContain('Running time 22 minutes');
      expect(facts).toContain('Year 2024');
      expect(facts).toContain('Language English');
      expect(text(section(res.text, 'data-product-brand'))).toBe('by SafeCo Films');
      expect(tags(section(res.text, 'data-product-brand'), 'img')[0]).toMatchObject({ src: '/media/brands/safeco.png', width: '120', height: '48' });
      expect(res.text).toContain('<p>Lift &amp; carry <strong>safely</strong>. Never write &lt;/script&gt; in a title.</p>');
    });

    it('shows a gallery: the first image eager, the rest lazy, each with alt text and a size', () => {
      const gallery = tags(section(res.text, 'data-gallery'), 'img');
      expect(gallery[0]).toMatchObject({ src: '/media/products/mh-1.png', alt: 'Manual handling DVD case', loading: 'eager', fetchpriority: 'high' });
      expect(gallery.slice(1).every((img) => img.loading === 'lazy')).toBe(true);
      for (const img of gallery) expect([img.width, img.height]).toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)]);
      const thumbs = tags(section(res.text, 'data-gallery'), 'a');
      expect(thumbs.map((a) => a['aria-label'])).toEqual(['Show image 1 of 2: Manual handling DVD case', 'Show image 2 of 2: A scene from the film']);
    });

    it('lists the options with prices ex and inc VAT, stock, and an Add to basket button for each in stock', () => {
      const table = section(res.text, 'data-options-table');
      const rows = [...table.matchAll(/<tr data-option="\d+">([\s\S]*?)<\/tr>/g)].map((m) => text(m[1]!));
      expect(rows).toEqual([
        expect.stringMatching(/^DVD OPT-\S+ DVD or print £195\.00 £234\.00 Only 3 left Quantity of DVD Add to basket$/),
        expect.stringMatching(/^Online licence OPT-\S+ Online training £99\.00 £118\.80 In stock Quantity of Online licence Add to basket$/),
      ]);
      const buttons = tags(table, 'button');
      expect(buttons).toHaveLength(2);
      for (const button of buttons) expect(button).not.toHaveProperty('disabled');
      expect(buttons.map((b) => b['aria-label'])).toEqual(['Add to basket: DVD', 'Add to basket: Online licence']);
      expect(text(section(res.text, 'data-basket-note'))).toContain('Prices exclude VAT at 20%');
      expect(text(section(res.text, 'data-product-price'))).toBe('from £99.00 ex VAT (£118.80 inc VAT)');
    });

    it('says "Out of stock" for an option with none left', async () => {
      const page = await http().get(`/products/${fire.slug}`).expect(200);
      const table = section(page.text, 'data-options-table');
      expect(text(table)).toContain('£249.00 £298.80 Out of stock');
      expect(tags(table, 'button').filter((b) => 'disabled' in b)).toHaveLength(1); // that option's button cannot add
      expect(page.text).not.toContain('data-product-preview'); // no preview video
    });

    it('offers the free preview when there is a preview video, and related products', () => {
      const preview = section(res.text, 'data-product-preview');
      expect(text(preview)).toContain('Free preview');
      // Engineer P's button: anonymous visitors are asked to sign in first, and come back here.
      expect(tags(preview, 'a').find((a) => a.href?.startsWith('/login'))?.href).toBe(`/login?redirect=${encodeURIComponent(`/products/${manual.slug}`)}`);
      expect(cardSlugs(section(res.text, 'data-related-products')).sort()).toEqual([coshh.slug, fire.slug].sort());
    });

    it('has schema.org Product structured data with one Offer per option, as a data block the CSP need not admit', () => {
      const scripts = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => /application\/ld\+json/.test(m[1]!));
      expect(scripts).toHaveLength(1);
      const [, attrs, body] = scripts[0]!;
      expect(body).not.toContain('<'); // escaped as \u003c: the description's "</script>" cannot close it
      // The page is cached, the same bytes for everyone: no nonce on it (ADR 0095); a data block never runs.
      expect(attrs).toContain('type="application/ld+json"');
      expect(attrs).not.toContain('nonce');
      const data = JSON.parse(body!) as Record<string, unknown>;
      expect(data).toMatchObject({
        '@context': 'https://schema.org', '@type': 'Product', name: 'Manual Handling Training DVD', sku: expect.stringMatching(/^SKU-/),
        description: 'Lift & carry safely . Never write </script> in a title.',
        image: [`${PUBLIC_URL}/media/products/mh-1.png`, `${PUBLIC_URL}/media/products/mh-2.png`],
        brand: { '@type': 'Brand', name: 'SafeCo Films' },
      });
      expect(data.offers).toEqual([
        expect.objectContaining({
          '@type': 'Offer', price: '195.00', priceCurrency: 'GBP', availability: 'https://schema.org/InStock', url: `${PUBLIC_URL}/products/${manual.slug}`,
          priceSpecification: expect.objectContaining({ price: '195.00', priceCurrency: 'GBP', valueAddedTaxIncluded: false }),
        }),
        expect.objectContaining({ '@type': 'Offer', price: '99.00', availability: 'https://schema.org/InStock' }),
      ]);
    });

    it('moves /products/{numeric id} to the slug address', async () => {
      const moved = await http().get(`/products/${manual.id}`).expect(301);
      expect(moved.headers.location).toBe(`/products/${manual.slug}`);
    });

    it.each([['an unknown product', '/products/no-such-product'], ['a draft', 'DRAFT'], ['a draft by id', 'DRAFT-ID'], ['an unknown id', '/products/999999']])(
      'answers %s with the 404 page',
      async (_what, path) => {
        const url = path === 'DRAFT' ? `/products/${draft.slug}` : path === 'DRAFT-ID' ? `/products/${draft.id}` : path;
        const page = await http().get(url).expect(404);
        expect(page.text).toContain('data-error-page="404"');
        expect(page.text).not.toContain('Draft Edition');
      },
    );

    it('records each view, with the signed-in customer', async () => {
      const login = await http().post('/api/login').set('X-Forwarded-For', nextIp())
        .send({ email: 'customer@example.com', password: 'demo-customer-password' }).expect(200);
      const [customer] = await shop.sql<{ id: number }>('select id from users where email = ?', ['customer@example.com']);
      await http().get(`/products/${coshh.slug}`).set('Authorization', `Bearer ${login.body.token as string}`).expect(200);
      await http().get(`/products/${coshh.slug}`).expect(200);
      const views = await eventually(() => shop.sql<{ user_id: number | null }>('select user_id from product_views where product_id = ? order by id', [coshh.id])).toHaveLength(2);
      expect(views.map((v) => v.user_id).sort()).toEqual([customer!.id, null].sort());
    });
  });

  describe('SEO entries', () => {
    it('win over a product page\'s own title, description and canonical URL', async () => {
      const admin = await http().post('/api/login').set('X-Forwarded-For', nextIp())
        .send({ email: 'admin@example.com', password: 'demo-admin-password' }).expect(200);
      await http().post('/api/admin/seo').set('Authorization', `Bearer ${admin.body.token as string}`).send({
        path: `/products/${poster.slug}`, title: 'Ladder safety poster (A2) | Buy online', description: 'Staff-written description.',
        canonical_url: `${PUBLIC_URL}/posters/ladder-safety`,
      }).expect(201);
      const page = await http().get(`/products/${poster.slug}`).expect(200);
      expect(titleOf(page.text)).toBe('Ladder safety poster (A2) | Buy online');
      expect(metaContent(page.text, 'name', 'description')).toBe('Staff-written description.');
      expect(canonicalOf(page.text)).toEqual([`${PUBLIC_URL}/posters/ladder-safety`]);
      expect(h1Of(page.text)).toBe('Ladder Safety Poster'); // the page itself is unchanged
    });

    it('win on a category page, but not over search results at the same path', async () => {
      const admin = await http().post('/api/login').set('X-Forwarded-For', nextIp())
        .send({ email: 'admin@example.com', password: 'demo-admin-password' }).expect(200);
      const bearer = `Bearer ${admin.body.token as string}`;
      for (const path of ['/category/posters', '/category']) {
        await http().post('/api/admin/seo').set('Authorization', bearer)
          .send({ path, title: `Staff title for ${path}`, description: `Staff description for ${path}.` }).expect(201);
      }
      const posters = await http().get('/category/posters?utm_campaign=x').expect(200);
      expect(titleOf(posters.text)).toBe('Staff title for /category/posters');
      expect(metaContent(posters.text, 'name', 'description')).toBe('Staff description for /category/posters.');
      expect(canonicalOf(posters.text)).toEqual([`${PUBLIC_URL}/category/posters`]);
      expect(titleOf((await http().get('/category').expect(200)).text)).toBe('Staff title for /category');
      const search = await http().get('/category?search=ladder').expect(200);
      expect(titleOf(search.text)).toBe(`Search results for “ladder” | ${APP_NAME}`);
      expect(metaContent(search.text, 'name', 'description')).toMatch(/^Health and safety training products matching “ladder”/);
    });
  });

  describe('page cache', () => {
    const nonceOf = (html: string) => tags(html, 'script').find((t) => t.nonce)?.nonce;

    it('serves anonymous visitors one cached page, byte for byte, with a validator, records each view, and clears on an admin change', async () => {
      const url = `/products/${poster.slug}`;
      const first = await http().get(url).expect(200);
      // Behind the admin API's back the title changes: the cached page keeps the old one…
      await shop.sql("update products set title = 'Ladder Safety Poster (renamed)' where id = ?", [poster.id]);
      const second = await http().get(url).expect(200);
      expect(h1Of(second.text)).toBe(h1Of(first.text));
      // …the same bytes for every visitor, with no nonce: its CSP admits its inline script by hash (ADR 0095).
      expect(second.text).toBe(first.text);
      expect(nonceOf(second.text)).toBeUndefined();
      expect(second.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
      // A browser's copy is the same page, brotli-compressed (the cache keeps that copy: page-cache.spec.ts); supertest
      // decodes it.
      const asBrowser = await http().get(url).set('Accept-Encoding', 'gzip, deflate, br, zstd').expect('content-encoding', 'br').expect(200);
      expect(asBrowser.text).toBe(first.text);
      expect(asBrowser.headers['content-security-policy']).toBe(second.headers['content-security-policy']);
      // One validator for those bytes: a browser that holds them revalidates for a 304 and no body.
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
      expect([second.headers.etag, asBrowser.headers.etag]).toEqual([etag, etag]);
      const revalidated = await http().get(url).set('If-None-Match', etag).set('Accept-Encoding', 'br').expect(304);
      expect(revalidated.text ?? '').toBe('');
      expect(revalidated.headers).toMatchObject({ etag, 'cache-control': 'private, no-cache', 'content-security-policy': second.headers['content-security-policy'] });
      expect(revalidated.headers['content-encoding']).toBeUndefined();
      expect((await http().get(url).set('If-None-Match', 'W/"another-page"').expect(200)).text).toBe(first.text);
      // A signed-in visitor is always rendered (their shell names them), never served the anonymous copy, nor told
      // that the anonymous copy they hold will do.
      const login = await http().post('/api/login').set('X-Forwarded-For', nextIp())
        .send({ email: 'admin@example.com', password: 'demo-admin-password' }).expect(200);
      const bearer = `Bearer ${login.body.token as string}`;
      const signedIn = await http().get(url).set('Authorization', bearer).set('If-None-Match', etag).expect(200);
      expect(signedIn.text).toContain('"email":"admin@example.com"');
      expect(signedIn.headers.etag).toBeUndefined();
      expect(second.text).not.toContain('admin@example.com');
      // A change through the admin API clears the cached pages (and the catalogue's own caches); the changed page has
      // another validator, so the browser's copy is not confirmed.
      await http().put(`/api/admin/products/${poster.id}`).set('Authorization', bearer).send({ title: 'Ladder Safety Poster (by staff)' }).expect(200);
      const changed = await http().get(url).set('If-None-Match', etag).expect(200);
      expect(h1Of(changed.text)).toBe('Ladder Safety Poster (by staff)');
      expect(changed.headers.etag).not.toBe(etag);
      await http().put(`/api/admin/products/${poster.id}`).set('Authorization', bearer).send({ title: 'Ladder Safety Poster' }).expect(200);
    });

    it('records a product view for every page served from the cache', async () => {
      const count = async () => (await shop.sql<{ n: number }>('select count(*)::int as n from product_views where product_id = ?', [manual.id]))[0]!.n;
      const before = await count();
      for (let i = 0; i < 3; i++) await http().get(`/products/${manual.slug}`).expect(200);
      await eventually(count).toBeGreaterThanOrEqual(before + 3);
    });

    it('records a product view for a revalidation answered 304, as for the page itself', async () => {
      const count = async () => (await shop.sql<{ n: number }>('select count(*)::int as n from product_views where product_id = ?', [manual.id]))[0]!.n;
      const before = await count();
      const { etag } = (await http().get(`/products/${manual.slug}`).expect(200)).headers as { etag: string };
      await eventually(count).toBeGreaterThanOrEqual(before + 1);
      for (let i = 0; i < 2; i++) await http().get(`/products/${manual.slug}`).set('If-None-Match', etag).expect(304);
      await eventually(count).toBeGreaterThanOrEqual(before + 3);
    });
  });

  describe('a long catalogue', () => {
    it('shows 12 category tiles with a link to all, 12 values per facet, and every category on /category', async () => {
      for (let i = 1; i <= 13; i++) {
        const category = await createCategory(shop.sql, { slug: `hazard-${i}`, name: `Hazard ${i}`, sortOrder: 10 + i });
        await createProduct(shop.sql, { title: `Hazard Awareness ${i}`, categoryIds: [category.id], options: [{ price: 1_000 }] });
      }
      // Staff would add these through the admin API, which clears the caches: one admin change does the same here.
      const admin = await http().post('/api/login').set('X-Forwarded-For', nextIp())
        .send({ email: 'admin@example.com', password: 'demo-admin-password' }).expect(200);
      await http().post('/api/admin/categories').set('Authorization', `Bearer ${admin.body.token as string}`)
        .send({ slug: 'hazard-extra', name: 'Hazard Extra' }).expect(201);
      const categoryCount = (await shop.sql<{ n: number }>('select count(*)::int as n from categories'))[0]!.n;

      const home = (await http().get('/').expect(200)).text;
      expect(tags(home, 'a').filter((a) => a['data-category-tile'] !== undefined)).toHaveLength(12);
      expect(tags(home, 'a').find((a) => a['data-all-categories'] !== undefined)?.href).toBe('/category');
      expect(text(section(home, 'data-all-categories'))).toBe(`All ${categoryCount} categories`);

      const facetLinks = (html: string) => tags(section(html, 'data-facets'), 'a').filter((a) => a['data-facet'] === 'category');
      // The search matches 13 categories: the facet keeps 12 of them.
      expect(facetLinks((await http().get('/category?search=hazard').expect(200)).text)).toHaveLength(12);
      // The unfiltered list is the catalogue's index: every category with products.
      expect(facetLinks((await http().get('/category').expect(200)).text).length).toBeGreaterThanOrEqual(15);
    });
  });
});
