import { useData } from 'vike-react/useData';
import { Pagination } from '../../components/Pagination.js';
import { NoResults } from '../../components/catalogue/NoResults.js';
import { ProductFacets } from '../../components/catalogue/ProductFacets.js';
import { ProductGrid } from '../../components/catalogue/ProductCard.js';
import { SortForm } from '../../components/catalogue/SortForm.js';
import '../../components/catalogue/ProductList.css';
import { categoryPath } from '../../lib/catalogue.js';
import { listHeading, listHref } from '../../lib/catalogue-list.js';
import type { Data } from './+data.js';

/** `/category`, `/category/{slug}` and `/category?search=`: results, facets, sort and pages. */
export default function Page() {
  const { category, params, sort, products, total, lastPage, facets, suggestions, correctedSearch } = useData<Data>();
  const path = categoryPath(category?.slug);
  const first = (params.page - 1) * params.perPage + 1;
  // A search that found nothing anywhere has nothing to filter by, unless filters are what emptied it.
  const showFacets =
    category !== null || params.brand !== undefined || params.kind !== undefined || facets.categories.length + facets.brands.length + facets.kinds.length > 0;
  return (
    <div className="container product-list" data-product-list={category?.slug ?? (params.search ? 'search' : 'all')}>
      <h1 className="product-list__title">{listHeading(category, params.search)}</h1>
      {correctedSearch && (
        <p className="product-list__lead" data-corrected-search={correctedSearch}>
          Nothing matched “{params.search}” exactly. Showing results for <strong>“{correctedSearch}”</strong>.
        </p>
      )}
      {category?.description && !params.search && <p className="product-list__lead">{category.description}</p>}
      <div className={showFacets ? 'product-list__layout' : 'product-list__layout product-list__layout--single'}>
        {showFacets && (
          <aside className="product-list__facets" aria-label="Filter products">
            <ProductFacets path={path} category={category} params={params} facets={facets} />
          </aside>
        )}
        <div className="product-list__results">
          <div className="product-list__toolbar">
            <p className="product-list__count" data-result-count={total}>
              {total === 0
                ? 'No products'
                : total === 1
                  ? '1 product'
                  : `${first}–${first + products.length - 1} of ${total} products`}
            </p>
            {total > 1 && <SortForm path={path} params={params} sort={sort} />}
          </div>
          {products.length > 0 ? (
            <ProductGrid products={products} label="Products" eagerCount={4} headingLevel={2} />
          ) : (
            <NoResults path={path} category={category} params={params} suggestions={suggestions} />
          )}
          <Pagination
            page={params.page}
            lastPage={lastPage}
            hrefFor={(page) => listHref(path, params, { page })}
            label="Result pages"
          />
        </div>
      </div>
    </div>
  );
}
