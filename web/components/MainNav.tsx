import { useId, useRef, useState, type KeyboardEvent, type FocusEvent } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { ABOUT_MENU, isCurrentPath, MAIN_NAV_AFTER_ABOUT, MAIN_NAV_BEFORE_ABOUT, type SiteLink } from '../lib/site-links.js';

function NavLink({ link, pathname, className }: { link: SiteLink; pathname: string; className?: string }) {
  const current = isCurrentPath(link.href, pathname);
  return (
    <a href={link.href} className={className} aria-current={current ? 'page' : undefined}>
      {link.label}
    </a>
  );
}

/**
 * Seed §2 nav bar. On narrow screens the list collapses behind a "Menu" button; "About Us" is a
 * disclosure button (aria-expanded) over its five links. Both close on navigation and on Escape.
 */
export function MainNav() {
  const { urlPathname } = usePageContext();
  const [menuOpen, setMenuOpen] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
  const listId = useId();
  const aboutId = useId();
  const aboutButton = useRef<HTMLButtonElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const aboutIsCurrent = ABOUT_MENU.some((link) => isCurrentPath(link.href, urlPathname));

  // Close both menus when the page changes (state adjusted during render, as React recommends).
  const [pathnameSeen, setPathnameSeen] = useState(urlPathname);
  if (pathnameSeen !== urlPathname) {
    setPathnameSeen(urlPathname);
    setMenuOpen(false);
    setAboutOpen(false);
  }

  function onAboutKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.key === 'Escape' && aboutOpen) {
      event.stopPropagation();
      setAboutOpen(false);
      aboutButton.current?.focus();
    }
  }

  function onAboutBlur(event: FocusEvent<HTMLLIElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    setAboutOpen(false);
  }

  function onNavKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      menuButton.current?.focus();
    }
  }

  return (
    <nav className="mainnav" aria-label="Main" data-main-nav="" onKeyDown={onNavKeyDown}>
      <div className="container mainnav__inner">
        <button
          ref={menuButton}
          type="button"
          className="mainnav__toggle"
          aria-expanded={menuOpen}
          aria-controls={listId}
          onClick={() => setMenuOpen((open) => !open)}
          data-menu-toggle=""
        >
          <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M3 5h18v2H3zm0 6h18v2H3zm0 6h18v2H3z" />
          </svg>
          Menu
        </button>
        <ul id={listId} className={`mainnav__list${menuOpen ? ' is-open' : ''}`}>
          {MAIN_NAV_BEFORE_ABOUT.map((link) => (
            <li key={link.href}>
              <NavLink link={link} pathname={urlPathname} className="mainnav__link" />
            </li>
          ))}
          <li className={`mainnav__dropdown${aboutOpen ? ' is-open' : ''}`} onKeyDown={onAboutKeyDown} onBlur={onAboutBlur}>
            <button
              ref={aboutButton}
              type="button"
              className={`mainnav__link mainnav__disclosure${aboutIsCurrent ? ' is-current' : ''}`}
              aria-expanded={aboutOpen}
              aria-controls={aboutId}
              onClick={() => setAboutOpen((open) => !open)}
              data-about-toggle=""
            >
              About Us
              <svg className="icon mainnav__caret" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M7 10l5 5 5-5z" />
              </svg>
            </button>
            <ul id={aboutId} className="mainnav__submenu" data-about-menu="">
              {ABOUT_MENU.map((link) => (
                <li key={link.href}>
                  <NavLink link={link} pathname={urlPathname} className="mainnav__sublink" />
                </li>
              ))}
            </ul>
          </li>
          {MAIN_NAV_AFTER_ABOUT.map((link) => (
            <li key={link.href}>
              <NavLink link={link} pathname={urlPathname} className="mainnav__link" />
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
