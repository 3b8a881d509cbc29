/** One page of a list, as every paginated endpoint answers: `{data, meta}`. */
export interface Page<T> {
  data: T[];
  /**
   * `total_exact` only on lists that may estimate a large total (the admin orders, ADR 0054): false when `total`
   * is the database's estimate (and `last_page` follows from it).
   */
  meta: { page: number; per_page: number; total: number; last_page: number; total_exact?: boolean };
}

export function pageOf<T>(data: T[], total: number, page: number, perPage: number, totalExact?: boolean): Page<T> {
  const meta: Page<T>['meta'] = { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
  if (totalExact !== undefined) meta.total_exact = totalExact;
  return { data, meta };
}
