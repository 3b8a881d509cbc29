/** The storefront's fixed links (seed §2). */

export interface SiteLink {
  href: string;
  label: string;
}

/** Each storefront section once; the nav bar, the footer and the home tiles list them in their own order. */
const HOME: SiteLink = { href: '/', label: 'Home' };
const DVDS: SiteLink = { href: '/category/training-dvds', label: 'Training DVDs' };
const ONLINE: SiteLink = { href: '/category/online-training', label: 'Online Training' };
const POSTERS: SiteLink = { href: '/category/posters', label: 'Posters' };
const COURSES: SiteLink = { href: '/training', label: 'Training Courses' };
const RISK_ASSESSMENTS: SiteLink = { href: '/riskassessments', label: 'Risk Assessments' };
const POWERPOINT: SiteLink = { href: '/category/powerpoint', label: 'PowerPoint' };
const ABOUT: SiteLink = { href: '/about', label: 'About Us' };
const BLOG: SiteLink = { href: '/blog', label: 'Blog' };

export const MAIN_NAV_BEFORE_ABOUT: readonly SiteLink[] = [HOME, DVDS, ONLINE, POSTERS, COURSES, RISK_ASSESSMENTS, POWERPOINT];

export const ABOUT_MENU: readonly SiteLink[] = [
  ABOUT,
  BLOG,
  { href: '/joinus/recruitment', label: 'Recruitment' },
  { href: '/joinus/distribution', label: 'Distribution' },
  { href: '/joinus/partnership', label: 'Partnership' },
];

export const MAIN_NAV_AFTER_ABOUT: readonly SiteLink[] = [{ href: '/contact', label: 'Contact' }];

export const FOOTER_SHOP_LINKS: readonly SiteLink[] = [{ href: '/category', label: 'All Products' }, DVDS, ONLINE, POSTERS, COURSES, RISK_ASSESSMENTS];

export const FOOTER_COMPANY_LINKS: readonly SiteLink[] = [ABOUT, BLOG, { href: '/contact', label: 'Contact Us' }];

export const FOOTER_LEGAL_LINKS: readonly SiteLink[] = [
  { href: '/terms', label: 'Terms & Conditions' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/delivery', label: 'Delivery Information' },
];

/** The home page tiles: the four product categories of the nav bar. */
export const CATEGORY_TILES: readonly (SiteLink & { blurb: string })[] = [
  { ...DVDS, blurb: 'Health and safety training videos on disc for group sessions.' },
  { ...ONLINE, blurb: 'Self-paced courses your staff can take from any device.' },
  { ...POSTERS, blurb: 'Clear safety posters for the workplace, canteen and site.' },
  { ...POWERPOINT, blurb: 'Ready-made presentations for toolbox talks and inductions.' },
];

/** Seed §2: the footer's copyright says 2021. The company's name, address, phone and social pages come from the
 * SELLER_* settings through the shell (`useShell().company`), not from here. */
export const COPYRIGHT_YEAR = 2021;

/** Whether `href` is the page at `pathname` (exact match, ignoring a trailing slash). */
export function isCurrentPath(href: string, pathname: string): boolean {
  const normalise = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);
  return normalise(href) === normalise(pathname);
}
