import { useEffect, type ReactNode } from 'react';
import { pluralOf, type AdminResource } from '../../api/admin-api.js';
import { DataTable, type Column } from '../../kit/DataTable.js';
import { useListQuery, type ListQuery, type ListQueryOptions } from '../../kit/use-list-query.js';

interface ReadOnlyListProps<T> {
  resource: AdminResource;
  title: string;
  intro: ReactNode;
  columns: readonly Column<T>[];
  query?: ListQueryOptions;
  searchLabel?: string;
  toolbar?: (list: ListQuery<T>) => ReactNode;
  /** The CSV of the whole list (the session cookie goes with a plain link). */
  csvHref: (list: ListQuery<T>) => string;
}

/**
 * A list staff read but do not edit (enquiries, newsletter subscribers): no "Add", no edit screen, and a download
 * of all of it as CSV for a spreadsheet.
 */
export function ReadOnlyList<T extends { id: number }>({ resource, title, intro, columns, query, searchLabel, toolbar, csvHref }: ReadOnlyListProps<T>) {
  const list = useListQuery<T>(resource, query);
  useEffect(() => {
    document.title = `${title} | Administration Portal`;
  }, [title]);
  return (
    <section className="admin-page" data-admin-list={resource.noun}>
      <div className="admin-page__header">
        <h1>{title}</h1>
        <div className="admin-page__actions">
          <a className="button button--secondary" href={csvHref(list)} download data-admin-csv="">
            Download CSV
          </a>
        </div>
      </div>
      {intro}
      <DataTable<T>
        list={list}
        columns={columns}
        caption={title}
        rowKey={(row) => row.id}
        searchLabel={searchLabel}
        toolbar={toolbar?.(list)}
        empty={<p>No {pluralOf(resource)} yet.</p>}
      />
    </section>
  );
}
