import { Inject, Injectable } from '@nestjs/common';
import { spreadsheetRecord } from '../../../shared/csv.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { NEWSLETTER_REPOSITORY, type NewsletterRepository, type SubscriberRow } from './ports/newsletter-repository.port.js';

/** One address on the list as staff see it; `subscribed` is false once they unsubscribed (the row is kept as the consent record). */
export interface NewsletterSubscriberView {
  id: number;
  email: string;
  subscribed: boolean;
  consented_at: string;
  unsubscribed_at: string | null;
  created_at: string;
}

export const NEWSLETTER_CSV_COLUMNS = ['id', 'email', 'subscribed', 'consented_at', 'unsubscribed_at', 'created_at'] as const;
/** Rows a batch of the download reads: the file streams, so memory stays flat however long the list. */
export const CSV_BATCH = 500;

const toView = (row: SubscriberRow): NewsletterSubscriberView => ({
  id: row.id,
  email: row.email,
  subscribed: row.unsubscribedAt === null,
  consented_at: row.consentedAt.toISOString(),
  unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** The Administration Portal's newsletter list and its CSV download. */
@Injectable()
export class NewsletterAdminService {
  constructor(@Inject(NEWSLETTER_REPOSITORY) private readonly subscribers: NewsletterRepository) {}

  async list(query: { search?: string; page: number; perPage: number }): Promise<Page<NewsletterSubscriberView>> {
    const { rows, total } = await this.subscribers.search(query.search, (query.page - 1) * query.perPage, query.perPage);
    return pageOf(rows.map(toView), total, query.page, query.perPage);
  }

  /**
   * The addresses the list shows (its search; the whole list without one) as CSV, header first, newest first, read
   * in batches as the response is written.
   */
  async *csv(search?: string): AsyncGenerator<string> {
    yield spreadsheetRecord(NEWSLETTER_CSV_COLUMNS);
    let before: number | null = null;
    for (;;) {
      const rows = await this.subscribers.batchBefore(search, before, CSV_BATCH);
      if (rows.length > 0) {
        yield rows.map((row) => {
          const view = toView(row);
          return spreadsheetRecord(NEWSLETTER_CSV_COLUMNS.map((column) => (column === 'subscribed' ? (view.subscribed ? 'yes' : 'no') : view[column])));
        }).join('');
      }
      if (rows.length < CSV_BATCH) return;
      before = rows[rows.length - 1]!.id;
    }
  }
}
