import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDateString, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { blankToUndefined, pageQuery, toInt, trimToNull } from '../../../../platform/http/index.js';
import { SESSION_STATUSES, type SessionStatus } from '../../domain/session-rules.js';
import type { SessionInput } from '../../application/sessions/session-admin.service.js';
import { MAX_ID } from '../../../../shared/contracts/ids.js';

const DATE_TIME = { strict: true } as const;

export class AdminSessionListQuery extends pageQuery({ default: 50, max: 200 }) {
  @ApiPropertyOptional({ example: '2027-01-01', description: 'Sessions starting on or after this date (or date-time).' })
  @Transform(blankToUndefined) @IsOptional() @IsDateString(DATE_TIME, { message: 'from must be a date such as 2027-01-01.' })
  from?: string;

  @ApiPropertyOptional({ example: '2027-01-31', description: 'Sessions starting before the end of this date (or before this date-time).' })
  @Transform(blankToUndefined) @IsOptional() @IsDateString(DATE_TIME, { message: 'to must be a date such as 2027-01-31.' })
  to?: string;

  @ApiPropertyOptional({ example: 12, description: 'Only this product\'s sessions.' })
  @Transform(toInt) @IsOptional() @IsInt({ message: 'product must be a product id.' }) @Min(1, { message: 'product must be a product id.' })
  @Max(MAX_ID, { message: 'product must be a product id.' })
  product?: number;
}

/** A session's fields; on update, fields left out keep their value. Cross-field rules: domain/session-rules.ts. */
export class UpdateSessionRequest {
  @ApiPropertyOptional({ example: '2027-01-12T09:30:00Z' })
  @IsOptional() @IsDateString(DATE_TIME, { message: 'starts_at must be a date-time such as 2027-01-12T09:30:00Z.' })
  starts_at?: string;

  @ApiPropertyOptional({ example: '2027-01-12T16:30:00Z' })
  @IsOptional() @IsDateString(DATE_TIME, { message: 'ends_at must be a date-time such as 2027-01-12T16:30:00Z.' })
  ends_at?: string;

  @ApiPropertyOptional({ example: 'Leeds Training Centre, LS1 4AP', nullable: true, description: 'Required unless online.' })
  @Transform(trimToNull) @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString({ message: 'venue must be text.' }) @MaxLength(300, { message: 'venue must be at most 300 characters.' })
  venue?: string | null;

  @ApiPropertyOptional({ example: false })
  @IsOptional() @IsBoolean({ message: 'online must be true or false.' })
  online?: boolean;

  @ApiPropertyOptional({ example: 'https://meet.example.com/fire-marshal', nullable: true, description: 'Required (https) when online.' })
  @Transform(trimToNull) @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString({ message: 'joining_url must be an https address.' }) @MaxLength(2000, { message: 'joining_url must be at most 2000 characters.' })
  joining_url?: string | null;

  @ApiPropertyOptional({ example: 12 })
  @IsOptional() @IsInt({ message: 'capacity must be a whole number of places.' }) @Min(1, { message: 'capacity must be at least 1.' })
  @Max(10_000, { message: 'capacity must be at most 10000.' })
  capacity?: number;

  @ApiPropertyOptional({ nullable: true, description: 'Notes for delegates (what to bring, parking).' })
  @Transform(trimToNull) @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString({ message: 'notes must be text.' }) @MaxLength(5000, { message: 'notes must be at most 5000 characters.' })
  notes?: string | null;

  @ApiPropertyOptional({ enum: SESSION_STATUSES })
  @IsOptional() @IsIn(SESSION_STATUSES, { message: `status must be one of ${SESSION_STATUSES.join(', ')}.` })
  status?: SessionStatus;
}

export class CreateSessionRequest extends UpdateSessionRequest {
  @ApiProperty({ example: 31, description: 'The `course` option this is a date of.' })
  @IsInt({ message: 'option_id must be the id of a course option.' }) @Min(1, { message: 'option_id must be the id of a course option.' })
  @Max(MAX_ID, { message: 'option_id must be the id of a course option.' })
  option_id!: number;
}

export function sessionInput(body: UpdateSessionRequest): SessionInput {
  return {
    startsAt: body.starts_at === undefined ? undefined : new Date(body.starts_at),
    endsAt: body.ends_at === undefined ? undefined : new Date(body.ends_at),
    venue: body.venue, online: body.online, joiningUrl: body.joining_url, capacity: body.capacity, notes: body.notes, status: body.status,
  };
}

/** `to` as a date means the whole of that (UTC) day. */
export function endOf(to: string | undefined): Date | null {
  if (!to) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000) : new Date(to);
}
