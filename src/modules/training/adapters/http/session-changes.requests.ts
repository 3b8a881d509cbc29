import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDateString, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { trimToNull } from '../../../../platform/http/index.js';
import type { SessionMove } from '../../domain/session-change-rules.js';
import { MAX_ID } from '../../../../shared/contracts/ids.js';

const DATE_TIME = { strict: true } as const;

/** `POST /api/admin/sessions/{id}/cancel`: why, told to delegates and buyers. */
export class CancelSessionRequest {
  @ApiPropertyOptional({ example: 'The trainer is ill.', nullable: true })
  @Transform(trimToNull) @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString({ message: 'reason must be text.' }) @MaxLength(1000, { message: 'reason must be at most 1000 characters.' })
  reason?: string | null;
}

/** `POST /api/admin/sessions/{id}/move`: the new date; venue, online and link left out are kept. Cross-field rules: domain. */
export class MoveSessionRequest {
  @ApiProperty({ example: '2027-02-09T09:30:00Z' })
  @IsDateString(DATE_TIME, { message: 'starts_at must be a date-time such as 2027-02-09T09:30:00Z.' })
  starts_at!: string;

  @ApiProperty({ example: '2027-02-09T16:30:00Z' })
  @IsDateString(DATE_TIME, { message: 'ends_at must be a date-time such as 2027-02-09T16:30:00Z.' })
  ends_at!: string;

  @ApiPropertyOptional({ example: 'Manchester Conference Centre, M1 3BB', nullable: true })
  @Transform(trimToNull) @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString({ message: 'venue must be text.' }) @MaxLength(300, { message: 'venue must be at most 300 characters.' })
  venue?: string | null;

  @ApiPropertyOptional({ example: false })
  @IsOptional() @IsBoolean({ message: 'online must be true or false.' })
  online?: boolean;

  @ApiPropertyOptional({ example: 'https://meet.example.com/fire-marshal', nullable: true })
  @Transform(trimToNull) @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString({ message: 'joining_url must be an https address.' }) @MaxLength(2000, { message: 'joining_url must be at most 2000 characters.' })
  joining_url?: string | null;
}

export function sessionMove(body: MoveSessionRequest): SessionMove {
  return { startsAt: new Date(body.starts_at), endsAt: new Date(body.ends_at), venue: body.venue, online: body.online, joiningUrl: body.joining_url };
}

/** `POST /api/orders/{id}/places/{placeId}/transfer`. */
export class TransferPlaceRequest {
  @ApiProperty({ example: 42, description: 'Another upcoming date of the same course option, from the order page\'s list.' })
  @IsInt({ message: 'session_id must be the id of one of the listed dates.' }) @Min(1, { message: 'session_id must be the id of one of the listed dates.' })
  @Max(MAX_ID, { message: 'session_id must be the id of one of the listed dates.' })
  session_id!: number;
}
