import type { ReactNode } from 'react';
import '../styles/shop.css';
import { AuthExpiredDialog } from '../components/AuthExpiredDialog.js';
import { DemoNotice } from '../components/DemoNotice.js';
import { ErrorDialog } from '../components/ErrorDialog.js';
import { MainNav } from '../components/MainNav.js';
import { PageLoader } from '../components/PageLoader.js';
import { SiteFooter } from '../components/SiteFooter.js';
import { SiteHeader } from '../components/SiteHeader.js';
import { TopBar } from '../components/TopBar.js';

export const MAIN_CONTENT_ID = 'main-content';

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
      <ErrorDialog />
      <AuthExpiredDialog />
    </div>
  );
}
