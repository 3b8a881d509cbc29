import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsIn, IsISO8601, IsOptional, IsString, Length, Matches, MaxLength, registerDecorator, ValidateIf,
} from 'class-validator';
import { listQuery, pageQuery, OptionalNotNull } from '../../../../platform/http/index.js';
import type { BlogSort } from '../../application/ports/blog-post-repository.port.js';
import { BLOG_LIMITS, BLOG_POST_STATUSES, BLOG_SLUG_PATTERN, type BlogPostStatus } from '../../domain/blog-post.entity.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

/** The largest body we accept (the JSON limit is 1 MB anyway). */
const BODY_MAX = 200_000;

/**
 * A cover image is a site path (`/assets/…`, one leading slash, no `..`) or an https URL: never
 * `javascript:`, `data:` or plain http (mixed content).
 */
export function isCoverImage(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > BLOG_LIMITS.coverImage) return false;
  if (value.startsWith('/')) return /^\/[A-Za-z0-9_-][A-Za-z0-9._~%/-]*$/.test(value) && !value.split('/').includes('..');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password && !/[\s"'<>]/.test(value);
  } catch {
    return false;
  }
}

const IsCoverImage = (): PropertyDecorator => (target, propertyName) =>
  registerDecorator({
    name: 'isCoverImage',
    target: target.constructor,
    propertyName: String(propertyName),
    options: { message: 'The cover image must be a site path such as /assets/blog/cover.jpg or an https:// address.' },
    validator: { validate: isCoverImage },
  });

/** The public blog: 10 posts a page by default. */
export class BlogListQuery extends pageQuery({ default: 10, max: 50 }) {}

const SORTS: readonly BlogSort[] = ['updated_at', '-updated_at', 'published_at', '-published_at', 'title', '-title'];
/** The same sorts, newest change first: listQuery takes the first as the default. */
const SORTS_WITH_DEFAULT_FIRST: readonly BlogSort[] = ['-updated_at', ...SORTS.filter((sort) => sort !== '-updated_at')];

export class AdminBlogListQuery extends listQuery(SORTS_WITH_DEFAULT_FIRST, 'Part of the title.') {
  @ApiPropertyOptional({ enum: BLOG_POST_STATUSES }) @IsOptional()
  @IsIn(BLOG_POST_STATUSES, { message: 'status must be draft or published.' })
  status?: BlogPostStatus;
}

/**
 * Create and update (a full replacement, but `slug` may be left out: made from the title on create, kept on update;
 * and the cover and its description, left out, are kept).
 */
export class BlogPostRequest {
  @ApiPropertyOptional({ example: 'fire-marshal-training-how-many-do-you-need', maxLength: BLOG_LIMITS.slug })
  @OptionalNotNull() @Transform(trim)
  @IsString({ message: 'The slug must be text.' })
  @Length(1, BLOG_LIMITS.slug, { message: `The slug must be between 1 and ${BLOG_LIMITS.slug} characters.` })
  @Matches(BLOG_SLUG_PATTERN, { message: 'The slug may hold only lower-case letters and digits, in words joined by single dashes.' })
  slug?: string;

  @ApiProperty({ maxLength: BLOG_LIMITS.title }) @Transform(trim)
  @IsString({ message: 'Enter a title.' })
  @Length(1, BLOG_LIMITS.title, { message: `Enter a title (at most ${BLOG_LIMITS.title} characters).` })
  title!: string;

  @ApiPropertyOptional({ maxLength: BLOG_LIMITS.excerpt, description: 'Plain text shown in lists and as the page description.' })
  @OptionalNotNull() @Transform(trim)
  @IsString({ message: 'The excerpt must be text.' })
  @MaxLength(BLOG_LIMITS.excerpt, { message: `The excerpt may be at most ${BLOG_LIMITS.excerpt} characters.` })
  excerpt?: string;

  @ApiProperty({ description: 'HTML; sanitised when saved (no scripts, event handlers or javascript: links).' })
  @IsString({ message: 'Enter the body of the post.' })
  @Length(1, BODY_MAX, { message: `Enter the body of the post (at most ${BODY_MAX} characters).` })
  body!: string;

  @ApiPropertyOptional({
    nullable: true,
    example: '/assets/blog/fire-marshal.jpg',
    description: 'A cover by address; null removes the cover; left out (or the cover\'s own address) keeps it. Upload one with POST /{id}/cover.',
  })
  @IsOptional() @Transform(trimToNull) @ValidateIf((_o, value) => value !== null) @IsCoverImage()
  cover_image?: string | null;

  @ApiPropertyOptional({ maxLength: BLOG_LIMITS.coverAlt, description: 'The cover\'s alt text; blank when it only decorates. Left out: kept.' })
  @OptionalNotNull() @Transform(trim)
  @IsString({ message: 'The cover description must be text.' })
  @MaxLength(BLOG_LIMITS.coverAlt, { message: `The cover description may be at most ${BLOG_LIMITS.coverAlt} characters.` })
  cover_alt?: string;

  @ApiPropertyOptional({ enum: BLOG_POST_STATUSES, default: 'draft' }) @OptionalNotNull()
  @IsIn(BLOG_POST_STATUSES, { message: 'status must be draft or published.' })
  status?: BlogPostStatus;

  @ApiPropertyOptional({ nullable: true, description: 'ISO 8601; a future time schedules the post. Left out: set when first published.' })
  @IsOptional() @ValidateIf((_o, value) => value !== null)
  @IsISO8601({ strict: true }, { message: 'published_at must be a date and time such as 2026-11-22T09:00:00Z.' })
  published_at?: string | null;
}
