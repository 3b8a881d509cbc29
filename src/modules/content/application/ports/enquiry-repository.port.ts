import type { Enquiry, EnquiryType } from '../../domain/enquiry.entity.js';

export const ENQUIRY_REPOSITORY = Symbol('EnquiryRepository');

export interface EnquiryRepository {
  save(enquiry: Enquiry): Promise<void>;
  /** Newest first (ties: the later id first), optionally of one type. */
  /** Up to `limit` enquiries with an id below `beforeId` (all when null), optionally of one type, highest id (newest) first, kept nowhere. */
  batchBefore(type: EnquiryType | undefined, beforeId: number | null, limit: number): Promise<Enquiry[]>;
  /** `search`: part of the name, company or e-mail address, any case. */
  list(type: EnquiryType | undefined, offset: number, limit: number, search?: string): Promise<{ enquiries: Enquiry[]; total: number }>;
}
