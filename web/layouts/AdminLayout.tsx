import { useId, useState, type ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { NavLink } from '../admin/kit/links.js';
import { reachesScreen } from '../admin/kit/screen-areas.js';
import '../styles/shop.css';
import { LayoutDialogs } from '../components/LayoutDialogs.js';
import { PageLoader } from '../components/PageLoader.js';
import { signOut } from '../lib/session.js';
import { useShell } from '../lib/shell.js';

const ADMIN_MENU: readonly { to: string; label: string }[] = [
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/products/cat/1', label: 'Products' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/delivery', label: 'Delivery' },
  { to: '/admin/blog', label: 'Blog' },
  { to: '/admin/widgets', label: 'Widgets' },
  { to: '/admin/brands', label: 'Brand Logos' },
  { to: '/admin/seo', label: 'SEO' },
  { to: '/admin/enquiries', label: 'Enquiries' },
  { to: '/admin/newsletter', label: 'Newsletter' },
  // After the seed's items (seed §2 fixes their order): the training module's screens.
  { to: '/admin/certificates', label: 'Certificates' },
  { to: '/admin/sessions', label: 'Sessions' },
];

const wideScreen = () => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 960px)').matches === true;

/** Seed §2 admin layout: "Administration Portal", a side menu toggled by the menu button, exit and sign-out. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { user } = useShell();
  const [menuOpen, setMenuOpen] = useState(wideScreen);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  // A screen's chunk (and anything its route loads) on its way: the same thin bar as the storefront's.
  const navigating = useNavigation().state !== 'idle';

  return (
    <div className={`admin${menuOpen ? ' admin--menu-open' : ''}`} data-layout="admin">
      <a className="skip-link" href="#admin-content">
        Skip to content
      </a>
      <PageLoader />
      {navigating && <div className="admin-progress" role="progressbar" aria-label="Loading the page" data-admin-progress="" />}
      <header className="admin-bar">
        <button
          type="button"
          className="admin-bar__toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
          data-admin-menu-toggle=""
        >
          <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M3 5h18v2H3zm0 6h18v2H3zm0 6h18v2H3z" />
          </svg>
          <span className="visually-hidden">Menu</span>
        </button>
        <p className="admin-bar__title">Administration Portal</p>
        <div className="admin-bar__actions">
          {user && <span className="admin-bar__user">{user.first_name}</span>}
          <a className="admin-bar__exit" href="/" data-admin-exit="">
            Exit To Web Site
          </a>
          <button
            type="button"
            className="button button--ghost"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              void signOut('/login');
            }}
            data-admin-sign-out=""
          >
            Sign Out
          </button>
        </div>
      </header>
      <div className="admin-body">
        <nav id={menuId} className="admin-menu" aria-label="Administration" hidden={!menuOpen} data-admin-menu="">
          <ul>
            {reachesScreen(user?.staff_role, '/admin') && (
            <li>
              {/* Seed §2's "/ (Dashboard)" is the portal's root (ADR 0043): the storefront is "Exit To Web Site". */}
              <NavLink to="/admin" end data-admin-dashboard-link="">
                Dashboard
              </NavLink>
            </li>
            )}
            {/* ADR 0044: only the screens the staff role reaches. */}
            {ADMIN_MENU.filter((item) => reachesScreen(user?.staff_role, item.to)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="admin-content" className="admin-main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <LayoutDialogs />
    </div>
  );
}
