import { apiFetch } from '../../lib/api.js';

/** The paging block of every admin list (docs/api/catalogue-admin.md "Lists"). */
export interface ListMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
  /** false: `total` is the database's estimate of a long list (the admin orders past 10,000, ADR 0054). */
  total_exact?: boolean;
}

/** One page of an admin list; lists that are not paginated (delivery types) come back as one page of all. */
export interface ListPage<T> {
  data: T[];
  meta: ListMeta;
}

/** Turns `{page: 2, search: ''}` into `?page=2` (empty values left out, so URLs stay short). */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Reads a list endpoint, whether it answers `{data, meta}` or a plain array. */
export async function fetchList<T>(path: string, params: Record<string, string | number | undefined>): Promise<ListPage<T>> {
  const body = await apiFetch<ListPage<T> | T[]>(`${path}${queryString(params)}`);
  if (Array.isArray(body)) return { data: body, meta: { page: 1, per_page: body.length, total: body.length, last_page: 1 } };
  return body;
}

/**
 * One admin resource of the REST API as the portal's screens use it: where its JSON lives, where its screens
 * live, and what one of it is called. A screen is then a short file of columns and fields.
 */
export interface AdminResource {
  /** `/api/admin/delivery-types` */
  readonly api: string;
  /** `/admin/delivery` */
  readonly screens: string;
  /** "delivery type" — for headings, buttons and notifications. */
  readonly noun: string;
  /** "delivery types" — when the plural is not the noun with an "s" ("SEO entries"). */
  readonly plural?: string;
  /** The API's verb for a partial update: `PUT` everywhere except users (`PATCH`). */
  readonly updateMethod?: 'PUT' | 'PATCH';
  /** Its `PUT` replaces the whole resource (SEO entries, blog posts): an edit sends every field, not the changed ones. */
  readonly replaceOnUpdate?: boolean;
}

export function defineResource(resource: AdminResource): AdminResource & { plural: string } {
  return Object.freeze({ ...resource, plural: resource.plural ?? `${resource.noun}s` });
}

export function pluralOf(resource: AdminResource): string {
  return resource.plural ?? `${resource.noun}s`;
}

export const resourceApi = {
  get: <T>(resource: AdminResource, id: number | string) => apiFetch<T>(`${resource.api}/${id}`),
  create: <T>(resource: AdminResource, body: Record<string, unknown>) => apiFetch<T>(resource.api, { method: 'POST', body }),
  update: <T>(resource: AdminResource, id: number | string, body: Record<string, unknown>) =>
    apiFetch<T>(`${resource.api}/${id}`, { method: resource.updateMethod ?? 'PUT', body }),
  remove: (resource: AdminResource, id: number | string) => apiFetch<void>(`${resource.api}/${id}`, { method: 'DELETE' }),
};
