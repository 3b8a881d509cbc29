import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AdminController } from '../../../identity/index.js';
import { EnquiryService } from '../../application/enquiry.service.js';
import { EnquiryListQuery, EnquiryRequest } from './enquiry.requests.js';

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

@AdminController('api/admin/enquiries')
export class AdminEnquiryController {
  constructor(private readonly enquiries: EnquiryService) {}

  @Get()
  @ApiOkResponse({ description: 'Newest first, paginated `{data, meta}`; `?type=` keeps one type.' })
  list(@Query() query: EnquiryListQuery) {
    return this.enquiries.list({ type: query.type, page: query.page, perPage: query.per_page });
  }
}
