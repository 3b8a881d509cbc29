import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean, IsEmail, IsObject, IsOptional, IsString, Length, Matches, MaxLength, ValidateNested,
} from 'class-validator';
import type { PostalAddress } from '../../domain/user.entity.js';
import { MatchesField, normalisePostcode, OptionalNotNull, UK_POSTCODE } from '../../../../platform/http/index.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);
const PASSWORD_LENGTH = { message: 'The password must be between 8 and 128 characters.' };
const EMAIL = { message: 'Enter a valid e-mail address.' };
const CONFIRMED = { message: 'The password confirmation does not match.' };

export class RegisterRequest {
  @ApiProperty() @Transform(trim) @IsString() @Length(1, 100, { message: 'Enter your first name (at most 100 characters).' })
  first_name!: string;

  @ApiProperty() @Transform(trim) @IsString() @Length(1, 100, { message: 'Enter your last name (at most 100 characters).' })
  last_name!: string;

  @ApiProperty() @Transform(trim) @IsEmail({}, EMAIL) @MaxLength(254, EMAIL)
  email!: string;

  @ApiProperty({ minLength: 8, maxLength: 128 }) @IsString(PASSWORD_LENGTH) @Length(8, 128, PASSWORD_LENGTH)
  password!: string;

  @ApiProperty() @IsString(CONFIRMED) @MatchesField('password', CONFIRMED)
  password_confirmation!: string;

  @ApiPropertyOptional() @IsOptional() @Transform(trimToNull) @IsString() @MaxLength(200)
  company_name?: string | null;

  @ApiPropertyOptional() @OptionalNotNull() @IsBoolean({ message: 'remember must be true or false.' })
  remember?: boolean;
}

export class LoginRequest {
  @ApiProperty() @Transform(trim) @IsEmail({}, EMAIL) @MaxLength(254, EMAIL)
  email!: string;

  @ApiProperty() @IsString({ message: 'Enter your password.' }) @Length(1, 128, { message: 'Enter your password.' })
  password!: string;

  @ApiPropertyOptional() @OptionalNotNull() @IsBoolean({ message: 'remember must be true or false.' })
  remember?: boolean;
}

export class AddressRequest {
  @ApiProperty() @Transform(trim) @IsString() @Length(1, 100, { message: 'Enter the first line of the address.' })
  line1!: string;

  @ApiPropertyOptional() @IsOptional() @Transform(trimToNull) @IsString() @MaxLength(100)
  line2?: string | null;

  @ApiProperty() @Transform(trim) @IsString() @Length(1, 60, { message: 'Enter the town or city.' })
  town!: string;

  @ApiPropertyOptional() @IsOptional() @Transform(trimToNull) @IsString() @MaxLength(60)
  county?: string | null;

  @ApiProperty({ example: 'LS10 1AB' })
  @Transform(({ value }) => (typeof value === 'string' && UK_POSTCODE.test(value.trim()) ? normalisePostcode(value) : value))
  @IsString({ message: 'Enter a UK postcode, such as LS10 1AB.' })
  @Matches(UK_POSTCODE, { message: 'Enter a UK postcode, such as LS10 1AB.' })
  postcode!: string;

  @ApiPropertyOptional({ default: 'GB' })
  @Transform(({ value }) => (value === undefined || value === null || value === '' ? 'GB' : value))
  @Matches(/^GB$/, { message: 'We deliver to UK addresses only (country GB).' })
  country: string = 'GB';
}

/** Named fields only: nothing else a client sends ends up in the stored address. */
export function toPostalAddress(address: AddressRequest | null | undefined): PostalAddress | null | undefined {
  if (address === undefined || address === null) return address;
  const { line1, line2, town, county, postcode, country } = address;
  return { line1, line2: line2 ?? null, town, county: county ?? null, postcode, country };
}

export class ProfileRequest {
  @ApiProperty() @Transform(trim) @IsString() @Length(1, 100, { message: 'Enter your first name (at most 100 characters).' })
  first_name!: string;

  @ApiProperty() @Transform(trim) @IsString() @Length(1, 100, { message: 'Enter your last name (at most 100 characters).' })
  last_name!: string;

  @ApiPropertyOptional() @IsOptional() @Transform(trimToNull) @IsString() @MaxLength(200)
  company_name?: string | null;

  @ApiPropertyOptional() @IsOptional() @Transform(trimToNull) @IsString() @MaxLength(100)
  job_title?: string | null;

  @ApiPropertyOptional() @IsOptional() @Transform(trimToNull)
  @Matches(/^\+?[0-9 ()-]{7,20}$/, { message: 'Enter a telephone number, such as 01234 567890.' })
  phone?: string | null;

  @ApiPropertyOptional({ example: 'GB123456789' }) @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() || null : value))
  @Matches(/^(GB)?(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, { message: 'Enter a UK VAT number, such as GB123456789.' })
  vat_number?: string | null;

  @ApiPropertyOptional({ type: AddressRequest, nullable: true }) @IsOptional()
  @IsObject({ message: 'The billing address must be an address (line1, town, postcode…) or null.' })
  @ValidateNested() @Type(() => AddressRequest)
  billing_address?: AddressRequest | null;

  @ApiPropertyOptional({ type: AddressRequest, nullable: true }) @IsOptional()
  @IsObject({ message: 'The delivery address must be an address (line1, town, postcode…) or null.' })
  @ValidateNested() @Type(() => AddressRequest)
  delivery_address?: AddressRequest | null;

  @ApiPropertyOptional() @OptionalNotNull() @IsBoolean({ message: 'marketing_consent must be true or false.' })
  marketing_consent?: boolean;

  @ApiPropertyOptional() @OptionalNotNull() @Transform(trim) @IsEmail({}, EMAIL) @MaxLength(254, EMAIL)
  email?: string;

  @ApiPropertyOptional() @OptionalNotNull() @IsString() @MaxLength(128)
  current_password?: string;
}

export class PasswordChangeRequest {
  @ApiProperty() @IsString({ message: 'Enter your current password.' }) @Length(1, 128, { message: 'Enter your current password.' })
  current_password!: string;

  @ApiProperty() @IsString(PASSWORD_LENGTH) @Length(8, 128, PASSWORD_LENGTH)
  password!: string;

  @ApiProperty() @IsString(CONFIRMED) @MatchesField('password', CONFIRMED)
  password_confirmation!: string;
}

export class PasswordEmailRequest {
  @ApiProperty() @Transform(trim) @IsEmail({}, EMAIL) @MaxLength(254, EMAIL)
  email!: string;
}

export class PasswordResetRequest {
  @ApiProperty() @IsString() @Length(20, 200, { message: 'This password reset link is invalid or has expired.' })
  token!: string;

  @ApiProperty() @Transform(trim) @IsEmail({}, EMAIL) @MaxLength(254, EMAIL)
  email!: string;

  @ApiProperty() @IsString(PASSWORD_LENGTH) @Length(8, 128, PASSWORD_LENGTH)
  password!: string;

  @ApiProperty() @IsString(CONFIRMED) @MatchesField('password', CONFIRMED)
  password_confirmation!: string;
}

export class EmailVerificationRequest {
  @ApiProperty({ description: 'The token from the e-mailed link `/verify-email?token=…`.' })
  @IsString() @Length(20, 200, { message: 'This verification link is invalid or has expired.' })
  token!: string;
}

/** `POST /api/oauth/{provider}`: where to come back to once signed in (the checkout, say); a path on this site only. */
export class OAuthStartRequest {
  @ApiPropertyOptional({ example: '/checkout' })
  @OptionalNotNull()
  @IsString({ message: 'redirect must be a path on this site, such as /checkout.' })
  @MaxLength(2000, { message: 'redirect must be a path on this site, such as /checkout.' })
  // One leading slash (not `//host` or `/\host`), no control characters: localPath() has the whole rule.
  // eslint-disable-next-line no-control-regex
  @Matches(/^\/(?![/\\])[^\u0000-\u001f\u007f\\]*$/, { message: 'redirect must be a path on this site, such as /checkout.' })
  redirect?: string;
}
