import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import { IsOptional, IsString, IsUrl, Matches, MaxLength, MinLength, validate } from 'class-validator';
import { SEO_LIMITS } from '../../../shared/contracts/content.js';
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
  @MaxLength(SEO_LIMITS.path, { message: `The path may be at most ${SEO_LIMITS.path} characters.` })
  @Matches(SEO_PATH_PATTERN, { message: 'The path must start with / and hold no query, fragment or trailing slash, such as /category/posters.' })
  path!: string;

  // One message per failure (checked from the bottom decorator up): an empty title says it is empty, a long one how long it may be.
  @ApiProperty() @Transform(trim)
  @MaxLength(SEO_LIMITS.title, { message: `The title may be at most ${SEO_LIMITS.title} characters.` })
  @MinLength(1, { message: `The title is empty; enter one of at most ${SEO_LIMITS.title} characters.` })
  @IsString({ message: 'Enter a title.' })
  title!: string;

  @ApiProperty() @Transform(trim)
  @MaxLength(SEO_LIMITS.description, { message: `The description may be at most ${SEO_LIMITS.description} characters.` })
  @MinLength(1, { message: `The description is empty; enter one of at most ${SEO_LIMITS.description} characters.` })
  @IsString({ message: 'Enter a description.' })
  description!: string;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Transform(trimToNull)
  @IsUrl({ require_protocol: true, protocols: ['https', 'http'], require_tld: false }, { message: 'The canonical URL must be a full http(s) URL.' })
  @MaxLength(SEO_LIMITS.canonicalUrl)
  canonical_url?: string | null;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Transform(trimToNull)
  @Matches(/^(https:\/\/\S+|\/\S+)$/, { message: 'The share image must be an https URL or a path on this site.' })
  @MaxLength(SEO_LIMITS.shareImage)
  share_image?: string | null;
}

/** The columns of a `shop seo:seed` file: these three always, these two when wanted. */
export const SEO_ENTRY_COLUMNS = { required: ['path', 'title', 'description'], optional: ['canonical_url', 'share_image'] } as const;

/**
 * What is wrong with a CSV header row (names compared trimmed and case-insensitively), in one sentence; null when
 * it is usable. A wrong header is one problem of the file, not one of each row.
 */
export function seoHeaderProblem(header: readonly string[]): string | null {
  const names = header.map((name) => name.trim().toLowerCase());
  const known: readonly string[] = [...SEO_ENTRY_COLUMNS.required, ...SEO_ENTRY_COLUMNS.optional];
  const missing = SEO_ENTRY_COLUMNS.required.filter((name) => !names.includes(name));
  const unknown = names.filter((name) => !known.includes(name));
  const repeated = [...new Set(names.filter((name, index) => name && names.indexOf(name) !== index))];
  if (missing.length === 0 && unknown.length === 0 && repeated.length === 0) return null;
  const faults = [
    missing.length > 0 ? `it lacks ${missing.join(', ')}` : null,
    unknown.length > 0 ? `it has unknown column(s) ${unknown.map((name) => `"${name}"`).join(', ')}` : null,
    repeated.length > 0 ? `it names ${repeated.join(', ')} twice` : null,
  ].filter(Boolean);
  return `the header row must be path,title,description (optionally also canonical_url, share_image), but ${faults.join('; ')}. Nothing was saved.`;
}

/** Validates a plain row (CLI): the entry, or each field's reasons (the first failure of each field). */
export async function parseSeoEntryInput(row: Record<string, unknown>): Promise<{ input: SeoEntryInput } | { errors: Record<string, string[]> }> {
  const known: readonly string[] = [...SEO_ENTRY_COLUMNS.required, ...SEO_ENTRY_COLUMNS.optional];
  const unknown = Object.keys(row).filter((key) => !known.includes(key));
  const input = plainToInstance(SeoEntryInput, row);
  const errors: Record<string, string[]> = {};
  for (const error of await validate(input, { stopAtFirstError: true })) errors[error.property] = Object.values(error.constraints ?? {});
  for (const key of unknown) errors[key] = [`${key} is not an accepted column.`];
  return Object.keys(errors).length > 0 ? { errors } : { input };
}
