import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import { IsOptional, IsString, IsUrl, Length, Matches, MaxLength, validate } from 'class-validator';
import { SEO_PATH_PATTERN } from '../domain/seo-entry.entity.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

/**
 * One SEO entry as staff write it — the same rules for the admin API and for rows of `shop seo:seed`.
 */
export class SeoEntryInput {
  @ApiProperty({ example: '/category/posters' })
  @Transform(trim)
  @IsString({ message: 'Enter the path, such as /category/posters.' })
  @MaxLength(300, { message: 'The path may be at most 300 characters.' })
  @Matches(SEO_PATH_PATTERN, { message: 'The path must start with / and hold no query, fragment or trailing slash, such as /category/posters.' })
  path!: string;

  @ApiProperty() @Transform(trim) @IsString() @Length(1, 200, { message: 'Enter a title of at most 200 characters.' })
  title!: string;

  @ApiProperty() @Transform(trim) @IsString() @Length(1, 500, { message: 'Enter a description of at most 500 characters.' })
  description!: string;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Transform(trimToNull)
  @IsUrl({ require_protocol: true, protocols: ['https', 'http'], require_tld: false }, { message: 'The canonical URL must be a full http(s) URL.' })
  @MaxLength(500)
  canonical_url?: string | null;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Transform(trimToNull)
  @Matches(/^(https:\/\/\S+|\/\S+)$/, { message: 'The share image must be an https URL or a path on this site.' })
  @MaxLength(500)
  share_image?: string | null;
}

/** Validates a plain row (CLI): the entry, or each field's reasons. */
export async function parseSeoEntryInput(row: Record<string, unknown>): Promise<{ input: SeoEntryInput } | { errors: Record<string, string[]> }> {
  const known = ['path', 'title', 'description', 'canonical_url', 'share_image'];
  const unknown = Object.keys(row).filter((key) => !known.includes(key));
  const input = plainToInstance(SeoEntryInput, row);
  const errors: Record<string, string[]> = {};
  for (const error of await validate(input)) errors[error.property] = Object.values(error.constraints ?? {});
  for (const key of unknown) errors[key] = [`${key} is not an accepted column.`];
  return Object.keys(errors).length > 0 ? { errors } : { input };
}
