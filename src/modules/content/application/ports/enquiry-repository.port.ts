import type { Enquiry, EnquiryType } from '../../domain/enquiry.entity.js';

export const ENQUIRY_REPOSITORY = Symbol('EnquiryRepository');

/** Which enquiries a list or a download holds: one type, and part of the name, company or e-mail address (any case). */
export interface EnquiryFilter {
  type?: EnquiryType | undefined;
  search?: string | undefined;
}

export interface EnquiryRepository {
  save(enquiry: Enquiry): Promise<void>;
  /** Up to `limit` of the filter's enquiries with an id below `beforeId` (all when null), highest id (newest) first, kept nowhere. */
  batchBefore(filter: EnquiryFilter, beforeId: number | null, limit: number): Promise<Enquiry[]>;
  /** Newest first (ties: the later id first). */
  list(filter: EnquiryFilter, offset: number, limit: number): Promise<{ enquiries: Enquiry[]; total: number }>;
}
