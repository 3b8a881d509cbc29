import { defineResource } from '../../api/admin-api.js';
import type { EnquiryType } from '../../../../src/modules/content/index.js';

/** docs/api/content.md: what a visitor sent from /contact or a /joinus page. Read-only in the portal. */
export type { EnquiryView as Enquiry } from '../../../../src/modules/content/index.js';

/** The portal's labels, in its filter's order; a Record of the API's own EnquiryType, so a new type cannot be missed. */
const ENQUIRY_TYPE_LABELS: Record<EnquiryType, string> = {
  contact: 'Contact',
  recruitment: 'Recruitment',
  distribution: 'Distribution',
  partnership: 'Partnership',
};
export const ENQUIRY_TYPES = (Object.keys(ENQUIRY_TYPE_LABELS) as EnquiryType[]).map((value) => ({ value, label: ENQUIRY_TYPE_LABELS[value] }));

export const enquiries = defineResource({ api: '/api/admin/enquiries', screens: '/admin/enquiries', noun: 'enquiry', plural: 'enquiries' });

/** docs/api/content.md: one address's sign-up, kept after it unsubscribes as the record of its consent. */
export type { NewsletterSubscriberView as NewsletterSubscriber } from '../../../../src/modules/content/index.js';

export const newsletterSubscribers = defineResource({
  api: '/api/admin/newsletter-subscribers',
  screens: '/admin/newsletter',
  noun: 'newsletter subscriber',
});
