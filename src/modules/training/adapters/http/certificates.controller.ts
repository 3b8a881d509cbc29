import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../../../../platform/rate-limit/index.js';
import { contentDisposition } from '../../../../platform/http/index.js';
import { CertificateService, type CertificateVerification } from '../../application/certificate.service.js';

/**
 * Public verification of a certificate by its code (product.md "Certificates"): anyone holding the code (an
 * inspector, an employer) may check it. `{code}.pdf` is the certificate itself.
 */
@ApiTags('certificates')
@Controller('api/certificates')
export class CertificatesController {
  constructor(private readonly certificates: CertificateService) {}

  @Get(':code')
  @ApiOkResponse({ description: '`{code, learner_name, course_title, completed_at, expires_at, status: valid|expired|revoked, revoked_at}`; with `.pdf` after the code, the PDF.' })
  @ApiProduces('application/json', 'application/pdf')
  @ApiNotFoundResponse({ description: 'No certificate has that code.' })
  @ApiTooManyRequestsResponse({ description: 'Too many unknown codes from this address in an hour.' })
  async show(@Param('code') code: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const client = clientKey(request.ip);
    // One route for both: the router sees `ABC.pdf` as one parameter.
    if (code.toLowerCase().endsWith('.pdf')) {
      const pdf = await this.certificates.pdf(code.slice(0, -4), client);
      await reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`certificate-${pdf.code}.pdf`, 'inline'))
        .header('cache-control', 'private, no-store')
        .send(pdf.body);
      return;
    }
    const verification: CertificateVerification = await this.certificates.verify(code, client);
    await reply.header('x-robots-tag', 'noindex').send(verification);
  }
}
