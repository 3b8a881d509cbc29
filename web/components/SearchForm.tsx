import { useId, type FormEvent } from 'react';
import { navigate } from 'vike/client/router';
import { usePageContext } from 'vike-react/usePageContext';

export const SEARCH_PLACEHOLDER = 'Find videos, posters or training';

/** The URL of the search results for a term (seed §2: /category?search={term}). */
export function searchUrl(term: string): string {
  return `/category?search=${encodeURIComponent(term)}`;
}

/**
 * Header search (seed §2). A plain GET form to /category, so it works before the JavaScript loads; once
 * hydrated, it navigates with the client router. Pre-filled from the current URL's `search` query.
 */
export function SearchForm() {
  const pageContext = usePageContext();
  const current = pageContext.urlParsed?.search?.search ?? '';
  const inputId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('search');
    const term = typeof value === 'string' ? value.trim() : '';
    void navigate(searchUrl(term));
  }

  return (
    <form className="search" role="search" action="/category" method="get" onSubmit={onSubmit} data-search-form="">
      <label htmlFor={inputId} className="visually-hidden">
        Search the shop
      </label>
      {/* keyed on the URL's term so that it follows client-side navigation */}
      <input
        key={current}
        id={inputId}
        className="input search__input"
        type="search"
        name="search"
        placeholder={SEARCH_PLACEHOLDER}
        defaultValue={current}
        autoComplete="off"
      />
      <button type="submit" className="button search__button">
        <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
          />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
    </form>
  );
}
