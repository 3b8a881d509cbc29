import { Body, Controller, Get, Header, HttpCode, Post, Query, Req, type StreamableFile } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiTags, ApiTooManyRequestsResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AdminController } from '../../../identity/index.js';
import { EnquiryService } from '../../application/enquiry.service.js';
import { csvDownload } from '../../../../platform/http/index.js';
import { EnquiryCsvQuery, EnquiryListQuery, EnquiryRequest } from './enquiry.requests.js';

/** The enquiry pages' form (seed §2: /joinus/*, /contact): stored and e-mailed to staff. */
@ApiTags('content')
@Controller('api/enquiries')
export class EnquiryController {
  constructor(private readonly enquiries: EnquiryService) {}

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ description: '`{message: "Thank you — we have received your enquiry and will reply within one working day."}`' })
  @ApiUnprocessableEntityResponse({ description: 'A field is missing or invalid (reasons per field).' })
  @ApiTooManyRequestsResponse({ description: 'More than 5 enquiries in 10 minutes from this client.' })
  async submit(@Body() body: EnquiryRequest, @Req() request: FastifyRequest) {
    // request.ip honours X-Forwarded-For only from the proxies named in TRUST_PROXY.
    return { message: await this.enquiries.submit(body, request.ip) };
  }
}

@AdminController('api/admin/enquiries', 'content')
export class AdminEnquiryController {
  constructor(private readonly enquiries: EnquiryService) {}

  @Get()
  @ApiOkResponse({ description: 'Newest first, paginated `{data, meta}`; `?type=` keeps one type; `?search=` part of the name, company or e-mail.' })
  list(@Query() query: EnquiryListQuery) {
    return this.enquiries.list({ type: query.type, search: query.search, page: query.page, perPage: query.per_page });
  }
}

@AdminController('api/admin', 'content')
export class AdminEnquiryCsvController {
  constructor(private readonly enquiries: EnquiryService) {}

  @Get('enquiries.csv')
  @Header('cache-control', 'private, no-store')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'The enquiries the list shows (`?type=`, `?search=`; every one without them), newest first, as CSV: id, type, name, company, email, phone, message, created_at.',
  })
  download(@Query() query: EnquiryCsvQuery): StreamableFile {
    return csvDownload(query.type ? `enquiries-${query.type}.csv` : 'enquiries.csv', this.enquiries.csv({ type: query.type, search: query.search }));
  }
}
