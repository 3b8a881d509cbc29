import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from './links.js';
import { pageWindow } from '../../lib/catalogue-list.js';
import type { ListQuery } from './use-list-query.js';
import { Empty, LoadError, Loading } from './states.js';
import '../../components/Pagination.css';

export interface Column<T> {
  /** The column's identity; also the field shown when there is no `render`. */
  key: string;
  header: string;
  /** The API's sort key for this column (`name`; the header then sorts by it, a second click descending). */
  sort?: string;
  render?: (row: T) => ReactNode;
  /** Right-aligned figures (money, counts). */
  numeric?: boolean;
}

interface DataTableProps<T> {
  list: ListQuery<T>;
  columns: readonly Column<T>[];
  /** Names the table for screen readers ("Delivery types"). */
  caption: string;
  /** The edit screen of a row: its first cell links there. */
  rowHref?: (row: T) => string;
  rowKey?: (row: T) => string | number;
  /** What the search box searches ("name or e-mail"); no search box without it. */
  searchLabel?: string;
  /** Filters beside the search box. */
  toolbar?: ReactNode;
  /** Shown when the list is empty and nothing is searched for. */
  empty: ReactNode;
  /**
   * On a phone each row is a small card (the storefront's `.table--cards`): the first cell on top as the row's
   * heading, the others under their column's name, instead of a table that scrolls sideways. For lists with more
   * columns than fit 390 px.
   */
  cards?: boolean;
}

/**
 * The portal's one list: server-side pagination, sorting and search, all kept in the URL by `useListQuery`.
 * The first cell of a row links to its edit screen, so the table stays a table for screen readers.
 */
export function DataTable<T>({ list, columns, caption, rowHref, rowKey, searchLabel, toolbar, empty, cards = false }: DataTableProps<T>) {
  const { result, loading, refreshing, error } = list;
  const filtered = list.search !== '' || Object.entries(list.params).some(([name, value]) => !['page', 'per_page', 'sort'].includes(name) && value);
  return (
    <div className="admin-table" data-admin-table="">
      {(searchLabel || toolbar) && (
        <div className="admin-table__toolbar">
          {/* keyed by the search: Back and Forward change the URL under the box, and it shows the list's search now */}
          {searchLabel && <SearchBox key={list.search} list={list} label={searchLabel} />}
          {toolbar}
        </div>
      )}
      {loading ? (
        <Loading />
      ) : error && !result ? (
        <LoadError error={error} what={caption.toLowerCase()} />
      ) : result && result.data.length === 0 ? (
        <Empty>{filtered ? <p>Nothing matches. Try another search or filter.</p> : empty}</Empty>
      ) : result ? (
        <>
          <div className="table-wrap" aria-busy={refreshing}>
            <table className={`table admin-table__table${cards ? ' table--cards' : ''}${refreshing ? ' admin-table__table--refreshing' : ''}`}>
              <caption className="visually-hidden">{caption}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <SortableHeader key={column.key} column={column} list={list} />
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.data.map((row, index) => (
                  <tr key={rowKey ? rowKey(row) : index} data-admin-row="">
                    {columns.map((column, columnIndex) => {
                      const content = column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '');
                      const cell = columnIndex === 0 && rowHref ? <Link to={rowHref(row)}>{content}</Link> : content;
                      // As cards, the first cell heads its row and the others carry their column's name for the phone.
                      if (cards && columnIndex === 0) {
                        return (
                          <th key={column.key} scope="row" className="admin-table__row-heading">
                            {cell}
                          </th>
                        );
                      }
                      return (
                        <td key={column.key} className={column.numeric ? 'admin-table__numeric' : undefined} data-label={cards ? column.header : undefined}>
                          {cell}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListFooter list={list} />
        </>
      ) : null}
    </div>
  );
}

function SortableHeader<T>({ column, list }: { column: Column<T>; list: ListQuery<T> }) {
  if (!column.sort) {
    return (
      <th scope="col" className={column.numeric ? 'admin-table__numeric' : undefined}>
        {column.header}
      </th>
    );
  }
  const ascending = list.sort === column.sort;
  const descending = list.sort === `-${column.sort}`;
  const next = ascending ? `-${column.sort}` : column.sort;
  return (
    <th
      scope="col"
      aria-sort={ascending ? 'ascending' : descending ? 'descending' : 'none'}
      className={column.numeric ? 'admin-table__numeric' : undefined}
    >
      <button type="button" className="admin-table__sort" onClick={() => list.set('sort', next)} data-admin-sort={column.sort}>
        {column.header}
        <span aria-hidden="true" className="admin-table__sort-mark">
          {ascending ? '▲' : descending ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

function SearchBox<T>({ list, label }: { list: ListQuery<T>; label: string }) {
  const id = useId();
  const [text, setText] = useState(list.search);
  return (
    <form
      role="search"
      className="admin-search"
      onSubmit={(event) => {
        event.preventDefault();
        list.set('search', text.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search by {label}
      </label>
      <input
        id={id}
        type="search"
        className="input"
        placeholder={`Search by ${label}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-admin-search=""
      />
      <button type="submit" className="button button--secondary">
        Search
      </button>
    </form>
  );
}

/** Two significant figures: 998,765 → 1,000,000; 10,001 → 10,000. */
function roughly(n: number): number {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, n))) - 1);
  return Math.round(n / step) * step;
}

function ListFooter<T>({ list }: { list: ListQuery<T> }) {
  const location = useLocation();
  const meta = list.result?.meta;
  if (!meta) return null;
  const first = (meta.page - 1) * meta.per_page + 1;
  const last = Math.min(meta.total, meta.page * meta.per_page);
  // An estimated total is said as one ("about 1,000,000"), rounded to what an estimate knows.
  const total = meta.total_exact === false ? `about ${roughly(meta.total).toLocaleString('en-GB')}` : meta.total.toLocaleString('en-GB');
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(location.search);
    if (page === 1) params.delete('page');
    else params.set('page', String(page));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };
  return (
    <div className="admin-table__footer">
      <p className="admin-table__count" data-admin-count="">
        {meta.total === 0 ? 'None' : `${first.toLocaleString('en-GB')}–${last.toLocaleString('en-GB')} of ${total}`}
      </p>
      {meta.last_page > 1 && (
        <nav className="pagination" aria-label="Pages" data-pagination="">
          <ul className="pagination__list">
            {pageWindow(meta.page, meta.last_page).map((n, index) =>
              n === null ? (
                <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={n}>
                  <Link className="pagination__link" to={hrefFor(n)} aria-current={n === meta.page ? 'page' : undefined}>
                    <span className="visually-hidden">Page </span>
                    {n}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>
      )}
    </div>
  );
}
