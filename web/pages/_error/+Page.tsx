import { usePageContext } from 'vike-react/usePageContext';
import { SEARCH_PLACEHOLDER } from '../../components/SearchForm.js';

/** Seed §2: any unknown path shows a not-found page; other failures show "Server Error" (429: "Too many requests"). */
export default function Page() {
  const { is404, abortStatusCode, abortReason } = usePageContext();
  if (abortStatusCode === 429) {
    // A page that limits guesses (the certificate check, ADR 0052): say so, not "Server Error".
    return (
      <div className="container error-page" data-error-page="429">
        <h1>Too many requests</h1>
        <p>{typeof abortReason === 'string' ? abortReason : 'Please wait a while and try again.'}</p>
        <p>
          <a href="/">Go to the home page</a>
        </p>
      </div>
    );
  }
  if (is404) {
    return (
      <div className="container error-page" data-error-page="404">
        <h1>Page not found</h1>
        <p>Sorry, we could not find the page you were looking for. It may have moved, or the address may be mistyped.</p>
        <form className="search search--inline" role="search" action="/category" method="get" aria-label="Search the shop">
          <label htmlFor="not-found-search" className="visually-hidden">
            Search the shop
          </label>
          <input id="not-found-search" className="input" type="search" name="search" placeholder={SEARCH_PLACEHOLDER} />
          <button type="submit" className="button">
            Search
          </button>
        </form>
        <ul className="error-page__links">
          <li>
            <a href="/" data-error-home="">
              Go to the home page
            </a>
          </li>
          <li>
            <a href="/category">Browse all products</a>
          </li>
          <li>
            <a href="/contact">Contact us</a>
          </li>
        </ul>
      </div>
    );
  }
  return (
    <div className="container error-page" data-error-page="500">
      <h1>Server Error</h1>
      <p>Something went wrong on our side. Please try again in a moment.</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </div>
  );
}
