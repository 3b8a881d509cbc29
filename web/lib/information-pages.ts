import type { PageContext, PageContextServer } from 'vike/types';
import type { WidgetView } from '../../src/modules/content/index.js';
import { pageDescription, pageTitle } from './title.js';

/**
 * The information and legal pages (product.md: "built from widgets"). Each page shows its main widget and,
 * when it has one, a side widget; staff edit both in the widgets admin. `/contact` is a separate page.
 */
export interface InformationPageDefinition {
  path: string;
  /** The page's heading and the first part of its default title. */
  heading: string;
  /** The default meta description (an SEO entry for the path wins). */
  description: string;
  /** The widget that holds the page's text. */
  main: string;
  /** An optional widget shown beside the text (e.g. how to book). */
  aside?: string;
}

export const INFORMATION_PAGES = {
  about: {
    path: '/about',
    heading: 'About Us',
    description:
      'HS Training Direct is a Leeds-based supplier of health and safety training videos, online courses, posters and risk assessments for UK organisations since 2009.',
    main: 'about-main',
  },
  training: {
    path: '/training',
    heading: 'Training Courses',
    description:
      'On-site and virtual health and safety courses: IOSH Managing Safely, Emergency First Aid at Work, Fire Marshal, Manual Handling and Working at Height.',
    main: 'training-main',
    aside: 'training-booking',
  },
  riskassessments: {
    path: '/riskassessments',
    heading: 'Risk Assessments',
    description:
      'Ready-made, editable risk assessment templates for UK workplaces, written to HSE guidance and the five steps to risk assessment.',
    main: 'riskassessments-main',
  },
  privacy: {
    path: '/privacy',
    heading: 'Privacy Policy',
    description: 'How HS Training Direct collects, uses and protects personal data under UK GDPR, and your rights.',
    main: 'privacy-policy',
  },
  terms: {
    path: '/terms',
    heading: 'Terms & Conditions',
    description: 'The terms on which HS Training Direct supplies training videos, online training licences, posters and courses to business customers.',
    main: 'terms-and-conditions',
  },
  delivery: {
    path: '/delivery',
    heading: 'Delivery Information',
    description: 'Delivery of DVDs and posters by Royal Mail and courier, next-day dispatch on orders before 2pm, and instant access to digital products.',
    main: 'delivery-information',
  },
} as const satisfies Record<string, InformationPageDefinition>;

export type InformationPageKey = keyof typeof INFORMATION_PAGES;

export interface InformationPageData {
  heading: string;
  /** The name of the main widget (shown in the "being written" note's data attribute). */
  mainName: string;
  main: WidgetView | null;
  aside: WidgetView | null;
}

/** Server-only: the page's widgets in one query (a missing widget is `null`). */
export async function loadInformationPage(pageContext: PageContextServer, key: InformationPageKey): Promise<InformationPageData> {
  const page: InformationPageDefinition = INFORMATION_PAGES[key];
  const names = page.aside ? [page.main, page.aside] : [page.main];
  const blocks = await pageContext.services.widgets.getBlocks(names);
  return {
    heading: page.heading,
    mainName: page.main,
    main: blocks[page.main] ?? null,
    aside: page.aside ? (blocks[page.aside] ?? null) : null,
  };
}

/** A `+title` for the page: "<heading> | <application name>", unless an SEO entry says otherwise. */
export function informationPageTitle(key: InformationPageKey): (pageContext: PageContext) => string {
  return (pageContext) => pageTitle(pageContext, INFORMATION_PAGES[key].heading);
}

/** A `+description` for the page: the SEO entry's, else the page's own. */
export function informationPageDescription(key: InformationPageKey): (pageContext: PageContext) => string {
  return (pageContext) => pageDescription(pageContext, INFORMATION_PAGES[key].description);
}
