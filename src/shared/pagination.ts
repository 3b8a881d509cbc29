/** One page of a list, as every paginated endpoint answers: `{data, meta}`. */
export interface Page<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

export function pageOf<T>(data: T[], total: number, page: number, perPage: number): Page<T> {
  return { data, meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } };
}
