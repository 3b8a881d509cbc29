/** Page links for a paginated list: `?page=2` etc. Page 1 links to the bare path (the canonical one). */
export function Pagination({ path, page, lastPage, label }: { path: string; page: number; lastPage: number; label: string }) {
  if (lastPage <= 1) return null;
  const href = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  const pages = Array.from({ length: lastPage }, (_, i) => i + 1);
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
        {pages.map((n) => (
          <li key={n}>
            <a className="pagination__link" href={href(n)} aria-current={n === page ? 'page' : undefined}>
              <span className="visually-hidden">Page </span>
              {n}
            </a>
          </li>
        ))}
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
