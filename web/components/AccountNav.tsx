import { usePageContext } from 'vike-react/usePageContext';

export const ACCOUNT_LINKS = [
  { href: '/account', label: 'Overview' },
  { href: '/account/profile', label: 'Profile' },
  { href: '/account/password', label: 'Password' },
  { href: '/account/orders', label: 'Orders' },
  { href: '/account/downloads', label: 'Downloads' },
  { href: '/account/previews', label: 'Previews' },
  { href: '/account/training', label: 'Online training' },
  { href: '/learn', label: 'My courses' },
] as const;

/** The account area's own menu (product.md: profile, password, orders, downloads, previews, online training). */
export function AccountNav() {
  const { urlPathname } = usePageContext();
  return (
    <nav className="account-nav" aria-label="Account pages" data-account-nav="">
      <ul className="account-nav__list">
        {ACCOUNT_LINKS.map((link) => {
          const current = link.href === '/account' ? urlPathname === '/account' : urlPathname === link.href || urlPathname.startsWith(`${link.href}/`);
          return (
            <li key={link.href}>
              <a className="account-nav__link" href={link.href} aria-current={current ? 'page' : undefined}>
                {link.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
