import { defineResource } from '../../api/admin-api.js';

/** docs/api/content.md: what a visitor sent from /contact or a /joinus page. Read-only in the portal. */
export type { EnquiryView as Enquiry } from '../../../../src/modules/content/index.js';

export const ENQUIRY_TYPES = [
  { value: 'contact', label: 'Contact' },
  { value: 'recruitment', label: 'Recruitment' },
  { value: 'distribution', label: 'Distribution' },
  { value: 'partnership', label: 'Partnership' },
] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number]['value'];

export const enquiries = defineResource({ api: '/api/admin/enquiries', screens: '/admin/enquiries', noun: 'enquiry', plural: 'enquiries' });

/** docs/api/content.md: one address's sign-up, kept after it unsubscribes as the record of its consent. */
export type { NewsletterSubscriberView as NewsletterSubscriber } from '../../../../src/modules/content/index.js';

export const newsletterSubscribers = defineResource({
  api: '/api/admin/newsletter-subscribers',
  screens: '/admin/newsletter',
  noun: 'newsletter subscriber',
});
