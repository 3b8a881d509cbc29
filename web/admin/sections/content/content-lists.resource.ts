import { defineResource } from '../../api/admin-api.js';

/** docs/api/content.md: what a visitor sent from /contact or a /joinus page. Read-only in the portal. */
export interface Enquiry {
  id: number;
  type: EnquiryType;
  name: string;
  company: string | null;
  email: string;
  phone: string | null;
  message: string;
  created_at: string;
}

export const ENQUIRY_TYPES = [
  { value: 'contact', label: 'Contact' },
  { value: 'recruitment', label: 'Recruitment' },
  { value: 'distribution', label: 'Distribution' },
  { value: 'partnership', label: 'Partnership' },
] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number]['value'];

export const enquiries = defineResource({ api: '/api/admin/enquiries', screens: '/admin/enquiries', noun: 'enquiry', plural: 'enquiries' });

/** docs/api/content.md: one address's sign-up, kept after it unsubscribes as the record of its consent. */
export interface NewsletterSubscriber {
  id: number;
  email: string;
  subscribed: boolean;
  consented_at: string | null;
  unsubscribed_at: string | null;
  created_at: string;
}

export const newsletterSubscribers = defineResource({
  api: '/api/admin/newsletter-subscribers',
  screens: '/admin/newsletter',
  noun: 'newsletter subscriber',
});
