import { useId, type ChangeEvent, type FormEvent } from 'react';
import { navigate } from 'vike/client/router';
import type { ProductSort } from '../../../src/modules/catalogue/index.js';
import { DEFAULT_PER_PAGE, PRODUCT_SORT_VALUES, SORT_LABELS, listHref, type ListParams } from '../../lib/catalogue-list.js';

/**
 * The sort order of a list. A GET form, so it works before (or without) JavaScript; once hydrated, picking
 * an order navigates with the client router. Relevance is offered only for searches.
 */
export function SortForm({ path, params, sort }: { path: string; params: ListParams; sort: ProductSort }) {
  const selectId = useId();
  const choices = PRODUCT_SORT_VALUES.filter((value) => value !== 'relevance' || params.search);

  const go = (value: string) => {
    const chosen = PRODUCT_SORT_VALUES.find((s) => s === value);
    void navigate(listHref(path, params, { sort: chosen }));
  };
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => go(event.currentTarget.value);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(String(new FormData(event.currentTarget).get('sort') ?? ''));
  };

  return (
    <form className="sort-form" action={path} method="get" onSubmit={onSubmit} data-sort-form="">
      {params.search && <input type="hidden" name="search" value={params.search} />}
      {params.brand !== undefined && <input type="hidden" name="brand" value={params.brand} />}
      {params.kind && <input type="hidden" name="kind" value={params.kind} />}
      {params.perPage !== DEFAULT_PER_PAGE && <input type="hidden" name="per_page" value={params.perPage} />}
      <label htmlFor={selectId} className="sort-form__label">
        Sort by
      </label>
      {/* keyed on the order shown, so that it follows client-side navigation */}
      <select key={sort} id={selectId} className="input sort-form__select" name="sort" defaultValue={sort} onChange={onChange}>
        {choices.map((value) => (
          <option key={value} value={value}>
            {SORT_LABELS[value]}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--small sort-form__button">
        Sort
      </button>
    </form>
  );
}
