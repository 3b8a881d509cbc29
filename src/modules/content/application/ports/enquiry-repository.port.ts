import type { Enquiry, EnquiryType } from '../../domain/enquiry.entity.js';

export const ENQUIRY_REPOSITORY = Symbol('EnquiryRepository');

export interface EnquiryRepository {
  save(enquiry: Enquiry): Promise<void>;
  /** Newest first (ties: the later id first), optionally of one type. */
  list(type: EnquiryType | undefined, offset: number, limit: number): Promise<{ enquiries: Enquiry[]; total: number }>;
}
