import { pageWindow } from '../lib/catalogue-list.js';
import './Pagination.css';

/**
 * Page links for a paginated list: the blog's (`path`: page 1 is the bare path, the canonical one; then
 * `?page=2`) or a product list's, whose links keep its search, filters and sort (`hrefFor`). Long lists have
 * thousands of pages, so only the first, the last and a window around the current page are linked, with the
 * gaps shown as "…".
 */
export function Pagination({
  page,
  lastPage,
  label,
  path,
  hrefFor,
}: {
  page: number;
  lastPage: number;
  label: string;
} & ({ path: string; hrefFor?: undefined } | { hrefFor: (page: number) => string; path?: undefined })) {
  if (lastPage <= 1) return null;
  const href = hrefFor ?? ((n: number) => (n === 1 ? path! : `${path!}?page=${n}`));
  return (
    <nav className="pagination" aria-label={label} data-pagination="">
      <ul className="pagination__list">
        {page > 1 && (
          <li>
            <a className="pagination__link" href={href(page - 1)} rel="prev">
              Previous
            </a>
          </li>
        )}
        {pageWindow(page, lastPage).map((n, index) =>
          n === null ? (
            // The "…" is drawn by Pagination.css: not written in the page (ADR 0085).
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true" />
          ) : (
            <li key={n}>
              <a className="pagination__link" href={href(n)} aria-current={n === page ? 'page' : undefined}>
                <span className="visually-hidden">Page </span>
                {n}
              </a>
            </li>
          ),
        )}
        {page < lastPage && (
          <li>
            <a className="pagination__link" href={href(page + 1)} rel="next">
              Next
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
