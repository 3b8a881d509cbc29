import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { fetchList, type AdminResource, type ListPage } from '../api/admin-api.js';

export interface ListQueryOptions {
  /** The API's default sort, shown as the active one when the URL names none. */
  defaultSort?: string;
  /** Filter names read from and written to the URL as they are (`status`, `from`, …). */
  filters?: readonly string[];
  /** A fixed filter the screen always sends (a user's orders: `{customer: 7}`). */
  fixed?: Record<string, string | number>;
  /** Where the list comes from, when not the resource's own endpoint (`/api/admin/users/7/previews`). */
  path?: string;
}

export interface ListQuery<T> {
  /** What the URL says: page, per_page, sort, search and the filters. */
  params: Record<string, string | undefined>;
  page: number;
  sort: string | undefined;
  search: string;
  /** Sets one parameter in the URL (a new history entry, so Back works); any change but the page goes to page 1. */
  set(name: string, value: string | number | undefined): void;
  result: ListPage<T> | undefined;
  loading: boolean;
  /** True while a newer page loads and the older one still shows. */
  refreshing: boolean;
  error: unknown;
}

/**
 * A server-side list whose page, sort, search and filters live in the URL, so a list can be bookmarked,
 * shared and gone Back to. The previous page stays on screen while the next one loads.
 */
export function useListQuery<T>(resource: AdminResource, options: ListQueryOptions = {}): ListQuery<T> {
  const [searchParams, setSearchParams] = useSearchParams();
  const names = useMemo(() => ['page', 'per_page', 'sort', 'search', ...(options.filters ?? [])], [options.filters]);
  const params = useMemo(
    () => Object.fromEntries(names.map((name) => [name, searchParams.get(name) ?? undefined])) as Record<string, string | undefined>,
    [names, searchParams],
  );
  const path = options.path ?? resource.api;
  const request = { ...params, ...options.fixed };
  const query = useQuery({
    queryKey: [path, request],
    queryFn: () => fetchList<T>(path, request),
    placeholderData: keepPreviousData,
  });

  const set = useCallback(
    (name: string, value: string | number | undefined) => {
      // From the address bar, not react-router's `current`: that is the render's copy, and a navigation (a search
      // just cleared) updates the URL before the list renders again, so a filter chosen in between brought the
      // cleared search back.
      setSearchParams(() => {
        const next = new URLSearchParams(window.location.search);
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, String(value));
        if (name !== 'page') next.delete('page');
        if (name === 'page' && String(value) === '1') next.delete('page');
        return next;
      });
    },
    [setSearchParams],
  );

  return {
    params,
    page: Number(params.page ?? 1) || 1,
    sort: params.sort ?? options.defaultSort,
    search: params.search ?? '',
    set,
    result: query.data,
    loading: query.isPending,
    refreshing: query.isPlaceholderData && query.isFetching,
    error: query.error,
  };
}
