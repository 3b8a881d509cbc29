import { useId } from 'react';
import type { ListQuery } from './use-list-query.js';

/** A list filter kept in the URL: choosing applies it at once (and Back undoes it). */
export function SelectFilter<T>({ list, name, label, options, allLabel = 'All' }: {
  list: ListQuery<T>;
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
}) {
  const id = useId();
  return (
    <div className="admin-filter">
      <label htmlFor={id} className="admin-filter__label">
        {label}
      </label>
      <select id={id} className="input" value={list.params[name] ?? ''} onChange={(event) => list.set(name, event.currentTarget.value)} data-admin-filter={name}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A date bound of a list (`from`, `to`), as YYYY-MM-DD in the URL. */
export function DateFilter<T>({ list, name, label }: { list: ListQuery<T>; name: string; label: string }) {
  const id = useId();
  return (
    <div className="admin-filter">
      <label htmlFor={id} className="admin-filter__label">
        {label}
      </label>
      <input id={id} type="date" className="input" value={list.params[name] ?? ''} onChange={(event) => list.set(name, event.currentTarget.value)} data-admin-filter={name} />
    </div>
  );
}
