import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Viewer } from '../../../../shared/viewer.js';
import type { Page } from '../../../../shared/pagination.js';
import { AdminController, CurrentViewer } from '../../../identity/index.js';
import { CertificateService, type AdminCertificateView } from '../../application/certificate.service.js';
import { AdminCertificateListQuery, RevokeCertificateRequest } from './certificate.requests.js';

/** Certificates in the portal: the list and revoking one (area 'orders': the staff who handle orders and refunds). */
@AdminController('api/admin/certificates', 'orders')
export class AdminCertificatesController {
  constructor(private readonly certificates: CertificateService) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [{code, learner_name, course_title, completed_at, expires_at, status, score, revoked_at, revoked_reason, issued_at, …}], meta}`, newest first.' })
  list(@Query() query: AdminCertificateListQuery): Promise<Page<AdminCertificateView>> {
    return this.certificates.list({ search: query.search, page: query.page, perPage: query.per_page });
  }

  @Post(':code/revoke')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Revoked (revoking again keeps the first reason); the public page then says so.' })
  @ApiNotFoundResponse({ description: 'No certificate has that code.' })
  @ApiUnprocessableEntityResponse({ description: '`errors.reason`.' })
  revoke(@Param('code') code: string, @Body() body: RevokeCertificateRequest, @CurrentViewer() viewer: Viewer): Promise<AdminCertificateView> {
    return this.certificates.revoke(code, body.reason, `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.email);
  }
}
