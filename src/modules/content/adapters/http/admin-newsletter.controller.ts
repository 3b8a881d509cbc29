import { Get, Header, Query, type StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import { csvDownload } from '../../../../platform/http/index.js';
import type { Page } from '../../../../shared/pagination.js';
import { AdminController } from '../../../identity/index.js';
import { NewsletterAdminService, type NewsletterSubscriberView } from '../../application/newsletter-admin.service.js';
import { NewsletterSubscriberCsvQuery, NewsletterSubscriberListQuery } from './newsletter.requests.js';

/** The Administration Portal's newsletter list and its download. */
@AdminController('api/admin', 'content')
export class AdminNewsletterController {
  constructor(private readonly newsletter: NewsletterAdminService) {}

  @Get('newsletter-subscribers')
  @ApiOkResponse({ description: '`{data: [{id, email, subscribed, consented_at, unsubscribed_at, created_at}], meta}`, newest sign-up first.' })
  list(@Query() query: NewsletterSubscriberListQuery): Promise<Page<NewsletterSubscriberView>> {
    return this.newsletter.list({ search: query.search, page: query.page, perPage: query.per_page });
  }

  @Get('newsletter-subscribers.csv')
  @Header('cache-control', 'private, no-store')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'The subscribers the list shows (`?search=`; every one without it), newest first, as CSV: id, email, subscribed (yes/no), consented_at, unsubscribed_at, created_at.',
  })
  download(@Query() query: NewsletterSubscriberCsvQuery): StreamableFile {
    return csvDownload('newsletter-subscribers.csv', this.newsletter.csv(query.search));
  }
}
