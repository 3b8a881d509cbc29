import { pageWindow } from '../../lib/catalogue.js';
import './CataloguePagination.css';

/**
 * Page links for a product list that keep its search, filters and sort (`hrefFor` builds them). Large
 * catalogues have thousands of pages, so only the first, the last and a window around the current page
 * are linked, with gaps shown as "…". Same look as the shared Pagination.
 */
export function CataloguePagination({ page, lastPage, hrefFor, label }: {
  page: number;
  lastPage: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (lastPage <= 1) return null;
  return (
    <nav className="pagination" aria-label={label} data-pagination="">
      <ul className="pagination__list">
        {page > 1 && (
          <li>
            <a className="pagination__link" href={hrefFor(page - 1)} rel="prev">
              Previous
            </a>
          </li>
        )}
        {pageWindow(page, lastPage).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <a className="pagination__link" href={hrefFor(n)} aria-current={n === page ? 'page' : undefined}>
                <span className="visually-hidden">Page </span>
                {n}
              </a>
            </li>
          ),
        )}
        {page < lastPage && (
          <li>
            <a className="pagination__link" href={hrefFor(page + 1)} rel="next">
              Next
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
