import { Inject, Injectable } from '@nestjs/common';
import { Environment } from '../../../config/environment.js';
import { OutboundMail } from '../../../platform/mail/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { clientKey, RateLimiter } from '../../../platform/rate-limit/index.js';
import { RateLimitedError } from '../../../shared/domain-error.js';
import { spreadsheetRecord } from '../../../shared/csv.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { Enquiry, type EnquiryType } from '../domain/enquiry.entity.js';
import { ENQUIRY_REPOSITORY, type EnquiryFilter, type EnquiryRepository } from './ports/enquiry-repository.port.js';

export const ENQUIRY_RECEIVED = 'Thank you — we have received your enquiry and will reply within one working day.';
/** Enquiries per client address (clientKey) per window. */
export const ENQUIRY_CLIENT_LIMIT = 5;
export const ENQUIRY_WINDOW_MS = 10 * 60_000;

/** What the API takes (already validated and trimmed by the HTTP layer). */
export interface EnquiryInput {
  type: EnquiryType;
  name: string;
  company?: string | null | undefined;
  email: string;
  phone?: string | null | undefined;
  message: string;
}

/** One row of the admin list. */
export interface EnquiryView {
  id: number;
  type: EnquiryType;
  name: string;
  company: string | null;
  email: string;
  phone: string | null;
  message: string;
  created_at: string;
}

export const ENQUIRY_CSV_COLUMNS = ['id', 'type', 'name', 'company', 'email', 'phone', 'message', 'created_at'] as const;
/** Enquiries a batch of the download reads: the file streams, so memory stays flat however many there are. */
const CSV_BATCH = 500;

const toView = (e: Enquiry): EnquiryView => ({
  id: e.id,
  type: e.type,
  name: e.name,
  company: e.company,
  email: e.email,
  phone: e.phone,
  message: e.message,
  created_at: e.createdAt.toISOString(),
});

const blankToNull = (value: string | null | undefined): string | null => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

/** "Name <addr>" or "addr" → "addr". */
export function mailboxAddress(mailFrom: string): string {
  const bracketed = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom);
  return (bracketed?.[1] ?? mailFrom).trim();
}

@Injectable()
export class EnquiryService {
  constructor(
    @Inject(ENQUIRY_REPOSITORY) private readonly enquiries: EnquiryRepository,
    private readonly rateLimiter: RateLimiter,
    private readonly mail: OutboundMail,
    private readonly transactions: Transactions,
    private readonly env: Environment,
  ) {}

  /** The inbox that receives enquiries: ENQUIRIES_TO, else MAIL_FROM's address. */
  get staffAddress(): string {
    return this.env.ENQUIRIES_TO ?? mailboxAddress(this.env.mailFrom);
  }

  /** Stores the enquiry and queues the staff e-mail in one transaction: both happen or neither. */
  async submit(input: EnquiryInput, clientIp: string): Promise<string> {
    const client = clientKey(clientIp);
    const byClient = await this.rateLimiter.hit(`enquiries:client:${client}`, ENQUIRY_WINDOW_MS);
    if (byClient.hits > ENQUIRY_CLIENT_LIMIT) {
      throw new RateLimitedError(`Too many enquiries. Please try again in ${byClient.retryAfterSeconds} seconds.`, byClient.retryAfterSeconds);
    }
    const enquiry = new Enquiry({
      type: input.type,
      name: input.name.trim(),
      company: blankToNull(input.company),
      email: input.email.trim(),
      phone: blankToNull(input.phone),
      message: input.message.trim(),
      ip: client.slice(0, 64),
    });
    await this.transactions.run(async () => {
      await this.enquiries.save(enquiry);
      await this.mail.send(this.staffMail(enquiry));
    });
    return ENQUIRY_RECEIVED;
  }

  async list(query: EnquiryFilter & { page: number; perPage: number }): Promise<Page<EnquiryView>> {
    const { enquiries, total } = await this.enquiries.list({ type: query.type, search: query.search }, (query.page - 1) * query.perPage, query.perPage);
    return pageOf(enquiries.map(toView), total, query.page, query.perPage);
  }

  /**
   * The enquiries the list shows (its type and search; every one without them) as CSV for spreadsheets, header
   * first, newest first, read in batches as it is written.
   */
  async *csv(filter: EnquiryFilter = {}): AsyncGenerator<string> {
    yield spreadsheetRecord(ENQUIRY_CSV_COLUMNS);
    let before: number | null = null;
    for (;;) {
      const batch = await this.enquiries.batchBefore(filter, before, CSV_BATCH);
      if (batch.length > 0) {
        yield batch.map((enquiry) => {
          const view = toView(enquiry);
          return spreadsheetRecord(ENQUIRY_CSV_COLUMNS.map((column) => view[column]));
        }).join('');
      }
      if (batch.length < CSV_BATCH) return;
      before = batch[batch.length - 1]!.id;
    }
  }

  private staffMail(enquiry: Enquiry) {
    // Header fields must be one line: the name is validated as one line, but collapse whitespace anyway.
    const name = enquiry.name.replace(/\s+/g, ' ');
    return {
      to: this.staffAddress,
      replyTo: enquiry.email,
      subject: `New ${enquiry.type} enquiry from ${name}`,
      text:
        `A new ${enquiry.type} enquiry was sent from the website.\n\n` +
        `Type: ${enquiry.type}\n` +
        `Name: ${enquiry.name}\n` +
        `Company: ${enquiry.company ?? '—'}\n` +
        `E-mail: ${enquiry.email}\n` +
        `Phone: ${enquiry.phone ?? '—'}\n` +
        `Received: ${enquiry.createdAt.toISOString()}\n\n` +
        `Message:\n${enquiry.message}\n\n` +
        `Reply to this e-mail to answer ${name} directly.\n`,
    };
  }
}
