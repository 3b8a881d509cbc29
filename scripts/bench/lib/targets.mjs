// What the bench loads: the shop's pages and endpoints, and the baselines their figures are ratios of.

/** Shop targets, each with the baseline it is a ratio of, then the baselines themselves. */
export function targetsFor(parameters, shopUrl, baselineUrl) {
  const { categories, products, options, searchTerms } = parameters;
  const term = (t) => encodeURIComponent(t);
  const shop = (name, paths, baseline) => ({ name, server: 'shop', url: shopUrl, paths, baseline });
  const base = (name, paths) => ({ name, server: 'baselines', url: baselineUrl, paths });
  return [
    shop('home', ['/'], 'react-home'),
    shop('category', categories.map((c) => `/category/${c.slug}`), 'react-category'),
    shop('search-page', searchTerms.map((t) => `/category?search=${term(t)}`), 'react-search'),
    // By slug: `/products/{id}` answers 301 to the slug URL, which is what every link points at.
    shop('product', products.map((p) => `/products/${p.slug}`), 'react-product'),
    shop('api-products', categories.map((c) => `/api/products?category=${c.slug}`), 'pg-products'),
    shop('api-search', searchTerms.map((t) => `/api/products?search=${term(t)}`), 'pg-search'),
    shop('api-option', options.map((id) => `/api/options/${id}`), 'pg-option'),
    shop('api-health', ['/api/health'], 'fastify-json'),
    base('fastify-json', ['/json']),
    base('static', ['/static']),
    base('pg-products', categories.map((c) => `/pg/products?category=${c.slug}`)),
    base('pg-search', searchTerms.map((t) => `/pg/products?search=${term(t)}`)),
    base('pg-option', options.map((id) => `/pg/options/${id}`)),
    base('react-home', ['/react/home']),
    base('react-category', ['/react/category']),
    base('react-search', ['/react/search']),
    base('react-product', ['/react/product']),
  ];
}
