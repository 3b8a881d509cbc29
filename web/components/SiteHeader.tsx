import logoUrl from '../assets/logo.svg?no-inline';
import { useShell } from '../lib/shell.js';
import { SearchForm } from './SearchForm.js';

/** Seed §2 header: the logo (→ /) and the search form. */
export function SiteHeader() {
  const { appName } = useShell();
  return (
    <div className="masthead">
      <div className="container masthead__inner">
        {/* Named by its visible text (WCAG 2.5.3, label in name): an aria-label of its own hid the words people see. */}
        <a className="brand" href="/" data-logo-link="">
          <img className="brand__logo" src={logoUrl} alt="" width={40} height={46} />
          <span className="brand__text">
            <span className="brand__name">{appName}</span>
            <span className="brand__tagline">Health &amp; safety training</span>
          </span>
        </a>
        <SearchForm />
      </div>
    </div>
  );
}
