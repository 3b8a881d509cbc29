import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Length } from 'class-validator';
import { searchQuery } from '../../../../platform/http/index.js';
import { CERTIFICATE_LIMITS } from '../../../../shared/contracts/training.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `POST /api/admin/certificates/{code}/revoke`. */
export class RevokeCertificateRequest {
  @ApiProperty({ maxLength: CERTIFICATE_LIMITS.revokedReason, example: 'Issued to the wrong person.' })
  @Transform(trim) @IsString({ message: 'Say why the certificate is revoked.' })
  @Length(1, CERTIFICATE_LIMITS.revokedReason, { message: `Say why the certificate is revoked, in at most ${CERTIFICATE_LIMITS.revokedReason} characters.` })
  reason!: string;
}

export class AdminCertificateListQuery extends searchQuery('Part of the code, the learner\'s name or the course\'s title.') {}
