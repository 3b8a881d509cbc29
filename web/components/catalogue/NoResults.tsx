import { categoryPath } from '../../lib/catalogue.js';
import { hasFilters, listHref, type ListParams } from '../../lib/catalogue-list.js';
import { searchUrl } from '../SearchForm.js';

/** The "no results" state of a list, with ways on: fix the words, drop filters, widen, browse, ask us. */
export function NoResults({ path, category, params, suggestions }: {
  path: string;
  category: { name: string } | null;
  params: ListParams;
  suggestions: Array<{ slug: string; name: string }>;
}) {
  const filtered = params.brand !== undefined || params.kind !== undefined;
  return (
    <section className="no-results" aria-labelledby="no-results-heading" data-no-results="">
      <h2 id="no-results-heading" className="no-results__title">
        No products found
      </h2>
      <p>
        {params.search ? (
          <>
            We found no products matching <strong>“{params.search}”</strong>
            {category ? ` in ${category.name}` : ''}
            {filtered ? ' with the filters you chose' : ''}.
          </>
        ) : hasFilters(params) ? (
          'No products match the filters you chose.'
        ) : (
          'There are no products here yet.'
        )}
      </p>
      <ul className="no-results__tips">
        {params.search && <li>Check the spelling, or try fewer or more general words (for example “fire safety”).</li>}
        {filtered && (
          <li>
            <a href={listHref(path, { search: params.search, page: 1, perPage: params.perPage })} data-no-results-unfilter="">
              Remove the filters
            </a>
          </li>
        )}
        {params.search && category && (
          <li>
            <a href={searchUrl(params.search)}>Search all categories for “{params.search}”</a>
          </li>
        )}
        {suggestions.length > 0 && (
          <li>
            Browse a category:{' '}
            {suggestions.map((s, index) => (
              <span key={s.slug}>
                {index > 0 && ', '}
                <a href={categoryPath(s.slug)} data-no-results-category={s.slug}>
                  {s.name}
                </a>
              </span>
            ))}
          </li>
        )}
        <li>
          Can’t find what you need? <a href="/contact">Contact us</a> and we will help.
        </li>
      </ul>
    </section>
  );
}
