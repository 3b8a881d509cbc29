import { useEffect, type ReactNode } from 'react';
import { Link } from './links.js';
import { pluralOf, type AdminResource } from '../api/admin-api.js';
import { DataTable, type Column } from './DataTable.js';
import { useListQuery, type ListQuery, type ListQueryOptions } from './use-list-query.js';

interface ResourceListProps<T extends { id: number }> {
  resource: AdminResource;
  /** The screen's heading ("Delivery types"). */
  title: string;
  columns: readonly Column<T>[];
  query?: ListQueryOptions;
  searchLabel?: string;
  /** Filters beside the search box; they get the list to read and set the URL's parameters. */
  toolbar?: (list: ListQuery<T>) => ReactNode;
  /** No "Add" button when the resource is not made in the portal (orders). */
  canAdd?: boolean;
  /** False for lists staff read but do not edit (enquiries, sign-ups): no "Add" and rows that open nothing. */
  editable?: boolean;
  intro?: ReactNode;
  /** Extra actions in the header (a CSV download that follows the list's filters). */
  actions?: (list: ListQuery<T>) => ReactNode;
  /** Rows as cards on a phone (DataTable's `cards`). */
  cards?: boolean;
}

/** The list screen of one resource: heading, "Add", and the data table whose rows open the edit screen. */
export function ResourceList<T extends { id: number }>({
  resource, title, columns, query, searchLabel, toolbar, canAdd = true, editable = true, intro, actions, cards = false,
}: ResourceListProps<T>) {
  const list = useListQuery<T>(resource, query);
  const adding = canAdd && editable;
  useEffect(() => {
    document.title = `${title} | Administration Portal`;
  }, [title]);
  return (
    <section className="admin-page" data-admin-list={resource.noun}>
      <div className="admin-page__header">
        <h1>{title}</h1>
        <div className="admin-page__actions">
          {actions?.(list)}
          {adding && (
            <Link className="button" to={`${resource.screens}/add`} data-admin-add="">
              Add {resource.noun}
            </Link>
          )}
        </div>
      </div>
      {intro}
      <DataTable<T>
        list={list}
        columns={columns}
        caption={title}
        rowHref={editable ? (row) => `${resource.screens}/${row.id}` : undefined}
        rowKey={(row) => row.id}
        searchLabel={searchLabel}
        toolbar={toolbar?.(list)}
        cards={cards}
        empty={<p>No {pluralOf(resource)} yet.{adding ? ` Add the first with “Add ${resource.noun}”.` : ''}</p>}
      />
    </section>
  );
}
