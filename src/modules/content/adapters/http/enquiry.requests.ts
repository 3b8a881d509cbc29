import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { searchQuery } from '../../../../platform/http/index.js';
import { ENQUIRY_TYPES, type EnquiryType } from '../../domain/enquiry.entity.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);
const TYPE = { message: `Choose an enquiry type: ${ENQUIRY_TYPES.join(', ')}.` };
const EMAIL = { message: 'Enter a valid e-mail address.' };

/** `POST /api/enquiries`: what an enquiry page's form sends. */
export class EnquiryRequest {
  @ApiProperty({ enum: ENQUIRY_TYPES }) @IsIn(ENQUIRY_TYPES, TYPE)
  type!: EnquiryType;

  @ApiProperty({ example: 'Jo Bloggs' }) @Transform(trim) @IsString({ message: 'Enter your name.' })
  @Length(1, 100, { message: 'Enter your name (at most 100 characters).' })
  @Matches(/^[^\r\n]*$/, { message: 'Enter your name on one line.' })
  name!: string;

  @ApiPropertyOptional({ example: 'Acme Training Ltd' }) @IsOptional() @Transform(trimToNull)
  @IsString({ message: 'Enter your company name as text.' }) @MaxLength(200, { message: 'The company name may be at most 200 characters.' })
  company?: string | null;

  @ApiProperty({ example: 'jo.bloggs@acme-training.co.uk' }) @Transform(trim) @IsEmail({}, EMAIL) @MaxLength(254, EMAIL)
  email!: string;

  @ApiPropertyOptional({ example: '0113 496 0000' }) @IsOptional() @Transform(trimToNull)
  @Matches(/^\+?[0-9 ()-]{7,20}$/, { message: 'Enter a telephone number, such as 01234 567890.' })
  phone?: string | null;

  @ApiProperty({ minLength: 10, maxLength: 5000 }) @Transform(trim) @IsString({ message: 'Enter your message.' })
  @Length(10, 5000, { message: 'Enter a message of 10 to 5000 characters.' })
  message!: string;
}

/** `GET /api/admin/enquiries`: one type, and part of the name, company or e-mail address (the portal's search). */
export class EnquiryListQuery extends searchQuery('Part of the name, company or e-mail address.') {
  @ApiPropertyOptional({ enum: ENQUIRY_TYPES }) @IsOptional() @Transform(({ value }) => (value === '' ? undefined : value)) @IsIn(ENQUIRY_TYPES, TYPE)
  type?: EnquiryType;
}

/** `GET /api/admin/enquiries.csv`: the list's `type` and `search`, no paging (the file holds every match). */
export class EnquiryCsvQuery extends PickType(EnquiryListQuery, ['type', 'search'] as const) {}
