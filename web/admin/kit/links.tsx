import { Link as RouterLink, NavLink as RouterNavLink, type LinkProps, type NavLinkProps } from 'react-router';

/**
 * The portal's link: react-router's, marked `data-vike="false"` so that Vike's client router (which listens to
 * every click on the document) leaves it alone. Without the mark Vike starts a page transition of its own for a
 * URL react-router already shows, and its "Loading..." overlay covers the screen. Import links from here only
 * (eslint says so).
 */
export function Link(props: LinkProps) {
  return <RouterLink data-vike="false" {...props} />;
}

/** The same for links that show whether they are the current page (the side menu). */
export function NavLink(props: NavLinkProps) {
  return <RouterNavLink data-vike="false" {...props} />;
}
