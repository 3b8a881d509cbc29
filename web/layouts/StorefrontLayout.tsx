import type { ReactNode } from 'react';
import '../styles/shop.css';
import { DemoNotice } from '../components/DemoNotice.js';
import { LayoutDialogs } from '../components/LayoutDialogs.js';
import { MainNav } from '../components/MainNav.js';
import { PageLoader } from '../components/PageLoader.js';
import { SiteHeader } from '../components/SiteHeader.js';
import { TopBar } from '../components/TopBar.js';
import { hydrateLater } from '../lib/hydrate-later.js';

export const MAIN_CONTENT_ID = 'main-content';

// Below every page's content, and nothing in it is what a visitor first reaches for: its code comes after the rest.
const SiteFooter = hydrateLater(() => import('../components/SiteFooter.js').then((module) => module.SiteFooter));

/** Seed §2 storefront layout: top bar, header with search, nav bar, page content, footer. */
export function StorefrontLayout({ children }: { children: ReactNode }) {
  return (
    <div className="site" data-layout="storefront">
      <a
        className="skip-link"
        href={`#${MAIN_CONTENT_ID}`}
        onClick={() => document.getElementById(MAIN_CONTENT_ID)?.focus()}
      >
        Skip to content
      </a>
      <PageLoader />
      <header className="site-header">
        <DemoNotice />
        <TopBar />
        <SiteHeader />
        <MainNav />
      </header>
      <main id={MAIN_CONTENT_ID} className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <LayoutDialogs />
    </div>
  );
}
