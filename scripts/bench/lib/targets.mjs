// What the bench loads: the shop's pages and endpoints, and the baselines their figures are ratios of.

/** A miss list's query (`category=slug&brand=3&page=2`, lib/database.mjs) as the storefront's page URL. */
function listPagePath(list) {
  const query = new URLSearchParams(list);
  const category = query.get('category');
  query.delete('category');
  return `/category${category ? `/${category}` : ''}?${query}`;
}

/** What Chromium sends: the shop answers brotli. */
const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * Shop targets, each with the baseline it is a ratio of, then the baselines themselves. The `-miss` targets
 * (issue 30) spread their requests over more lists, products and terms than the shop's caches hold, so they
 * measure what a request costs when the caches miss; their baselines run the same statements on every request
 * (`/pg/…`) and, for pages, then render a captured page (`/react-pg/…`).
 */
export function targetsFor(parameters, shopUrl, baselineUrl) {
  const { categories, products, options, searchTerms, misses } = parameters;
  const term = (t) => encodeURIComponent(t);
  const shop = (name, paths, baseline) => ({ name, server: 'shop', url: shopUrl, paths, baseline });
  const base = (name, paths) => ({ name, server: 'baselines', url: baselineUrl, paths });
  return [
    shop('home', ['/'], 'react-home'),
    shop('category', categories.map((c) => `/category/${c.slug}`), 'react-category'),
    // The same cached pages as a browser asks for them, brotli offered (the other page targets ask for no compression).
    // Until ADR 0095 every response was compressed anew, each carrying its own CSP nonce: ~4× the CPU of `category`
    // (ADR 0013, session 52); now a cached page's compressed copy is made once.
    { ...shop('category-br', categories.map((c) => `/category/${c.slug}`), 'react-category'), request: (path) => ({ method: 'GET', path, headers: BROWSER_ACCEPT_ENCODING }) },
    shop('search-page', searchTerms.map((t) => `/category?search=${term(t)}`), 'react-search'),
    // By slug: `/products/{id}` answers 301 to the slug URL, which is what every link points at.
    shop('product', products.map((p) => `/products/${p.slug}`), 'react-product'),
    shop('api-products', categories.map((c) => `/api/products?category=${c.slug}`), 'pg-products'),
    shop('api-search', searchTerms.map((t) => `/api/products?search=${term(t)}`), 'pg-search'),
    shop('api-option', options.map((id) => `/api/options/${id}`), 'pg-option'),
    shop('api-health', ['/api/health'], 'fastify-json'),
    shop('api-products-miss', misses.lists.map((list) => `/api/products?${list}`), 'pg-products-miss'),
    shop('api-search-miss', misses.searchTerms.map((t) => `/api/products?search=${term(t)}`), 'pg-search-miss'),
    shop('api-product-miss', misses.products.map((slug) => `/api/products/${slug}`), 'pg-product-miss'),
    shop('category-miss', misses.lists.map(listPagePath), 'react-category-miss'),
    shop('search-page-miss', misses.searchTerms.map((t) => `/category?search=${term(t)}`), 'react-search-miss'),
    shop('product-miss', misses.products.map((slug) => `/products/${slug}`), 'react-product-miss'),
    base('fastify-json', ['/json']),
    base('static', ['/static']),
    base('pg-products', categories.map((c) => `/pg/products?category=${c.slug}`)),
    base('pg-search', searchTerms.map((t) => `/pg/products?search=${term(t)}`)),
    base('pg-option', options.map((id) => `/pg/options/${id}`)),
    base('react-home', ['/react/home']),
    base('react-category', ['/react/category']),
    base('react-search', ['/react/search']),
    base('react-product', ['/react/product']),
    base('pg-products-miss', misses.lists.map((list) => `/pg/products?${list}`)),
    base('pg-search-miss', misses.searchTerms.map((t) => `/pg/products?search=${term(t)}`)),
    base('pg-product-miss', misses.products.map((slug) => `/pg/product/${slug}`)),
    base('react-category-miss', misses.lists.map((list) => `/react-pg/category?${list}`)),
    base('react-search-miss', misses.searchTerms.map((t) => `/react-pg/search?search=${term(t)}`)),
    base('react-product-miss', misses.products.map((slug) => `/react-pg/product?product=${slug}`)),
  ];
}
