import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { toInt } from '../../../../platform/http/index.js';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';

/** The two query parameters of a signed download link (anything else in the query is ignored). */
export class DownloadLinkQuery {
  @ApiProperty({ description: 'Unix time (seconds) the link expires.', example: 1_795_600_000 })
  @Transform(toInt) @IsInt({ message: 'expires must be a whole number of seconds.' })
  @Min(0, { message: 'expires must be a time.' }) @Max(4_102_444_800, { message: 'expires must be a time.' })
  expires!: number;

  @ApiProperty({ description: 'The link\'s HMAC-SHA256 signature (base64url).' })
  @IsString({ message: 'signature must be text.' }) @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'signature is not a download link signature.' })
  signature!: string;
}
