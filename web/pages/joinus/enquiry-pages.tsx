import type { ReactNode } from 'react';
import { useData } from 'vike-react/useData';
import type { PageContext, PageContextServer } from 'vike/types';
import type { EnquiryType, WidgetView } from '../../../src/modules/content/index.js';
import { EnquiryForm } from '../../components/EnquiryForm.js';
import { WidgetBlock } from '../../components/WidgetBlock.js';
import { pageDescription, pageTitle } from '../../lib/title.js';

/**
 * The four enquiry pages (seed §2: /joinus/recruitment, /joinus/distribution, /joinus/partnership, /contact):
 * a heading, the page's intro widget (edited by staff) and the one shared EnquiryForm with the page's type.
 */
interface EnquiryPageDefinition {
  heading: string;
  description: string;
  widget: string;
  formHeading: string;
}

export const ENQUIRY_PAGES: Record<EnquiryType, EnquiryPageDefinition> = {
  recruitment: {
    heading: 'Careers',
    description: 'Work with HS Training Direct: trainers, presenters, course writers and sales roles at our Leeds office and across the UK.',
    widget: 'joinus-recruitment',
    formHeading: 'Tell us about yourself',
  },
  distribution: {
    heading: 'Become a Distributor',
    description: 'Resell HS Training Direct health and safety training DVDs, online courses and posters, with trade pricing and UK drop-shipping.',
    widget: 'joinus-distribution',
    formHeading: 'Tell us about your business',
  },
  partnership: {
    heading: 'Partnerships',
    description: 'Partner with HS Training Direct on co-branded health and safety courses and training videos for UK workplaces.',
    widget: 'joinus-partnership',
    formHeading: 'Tell us your idea',
  },
  contact: {
    heading: 'Contact Us',
    description: 'Contact HS Training Direct in Leeds by phone or message about products, orders, site licences and purchase orders.',
    widget: 'contact-main',
    formHeading: 'Send us a message',
  },
};

export interface EnquiryPageData {
  type: EnquiryType;
  intro: WidgetView | null;
}

/** Server-only: the page's intro widget (null when staff removed it). */
export async function loadEnquiryPage(pageContext: PageContextServer, type: EnquiryType): Promise<EnquiryPageData> {
  const name = ENQUIRY_PAGES[type].widget;
  const blocks = await pageContext.services.widgets.getBlocks([name]);
  return { type, intro: blocks[name] ?? null };
}

export const enquiryPageTitle = (type: EnquiryType) => (pageContext: PageContext) => pageTitle(pageContext, ENQUIRY_PAGES[type].heading);
export const enquiryPageDescription = (type: EnquiryType) => (pageContext: PageContext) => pageDescription(pageContext, ENQUIRY_PAGES[type].description);

/** The shared page body; `aside` is extra content beside the form (the contact details on /contact). */
export function EnquiryPage({ aside }: { aside?: ReactNode }) {
  const { type, intro } = useData<EnquiryPageData>();
  const page = ENQUIRY_PAGES[type];
  return (
    <div className="container enquiry-page" data-page={`enquiry-${type}`}>
      <h1>{page.heading}</h1>
      <WidgetBlock block={intro} className="enquiry-page__intro" />
      {aside}
      <EnquiryForm type={type} heading={page.formHeading} />
    </div>
  );
}
