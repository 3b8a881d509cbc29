import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsString, Length, MaxLength, registerDecorator } from 'class-validator';
import { OptionalNotNull } from '../../../../platform/http/index.js';
import { SortOrder, toBoolean, trim } from './admin-request-rules.js';

const ALT_MAX = 300;
const TITLE_MAX = 200;
const URL_MAX = 500;
const FILE_NAME_MAX = 190;

/** Video pages we can embed (YouTube, Vimeo), by host. */
const VIDEO_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/**
 * An external video: an https YouTube or Vimeo address, or an https address of an MP4/WebM file. Never
 * plain http (mixed content), credentials in the URL, or characters that could break out of an attribute.
 */
export function isVideoUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > URL_MAX || /[\s"'<>\\]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return VIDEO_HOSTS.has(url.hostname.toLowerCase()) || /\.(mp4|webm)$/i.test(url.pathname);
}

const IsVideoUrl = (): PropertyDecorator => (target, propertyName) =>
  registerDecorator({
    name: 'isVideoUrl',
    target: target.constructor,
    propertyName: String(propertyName),
    options: { message: 'The URL must be an https:// YouTube or Vimeo address, or an https:// address of an .mp4 or .webm file.' },
    validator: { validate: isVideoUrl },
  });

/** The text fields of an image upload (multipart, beside `file`). */
export class ImageUploadFields {
  @ApiPropertyOptional({ maxLength: ALT_MAX, description: 'Alternative text for people who cannot see the image.' })
  @OptionalNotNull() @Transform(trim) @IsString({ message: 'alt must be text.' })
  @MaxLength(ALT_MAX, { message: `alt may be at most ${ALT_MAX} characters.` })
  alt?: string;
}

export class UpdateImageRequest extends ImageUploadFields {
  @ApiPropertyOptional() @OptionalNotNull() @SortOrder()
  sort_order?: number;
}

/** A video hosted elsewhere (JSON body). */
export class VideoLinkRequest {
  @ApiProperty({ maxLength: TITLE_MAX }) @Transform(trim) @IsString({ message: 'Enter a title.' })
  @Length(1, TITLE_MAX, { message: `Enter a title of at most ${TITLE_MAX} characters.` })
  title!: string;

  @ApiProperty({ example: 'https://www.youtube.com/watch?v=abc123', maxLength: URL_MAX }) @Transform(trim) @IsVideoUrl()
  url!: string;

  @ApiPropertyOptional({ default: true, description: 'Whether a preview request unlocks this video.' })
  @OptionalNotNull() @Transform(toBoolean) @IsBoolean({ message: 'is_preview must be true or false.' })
  is_preview?: boolean;
}

/** The text fields of a video upload (multipart, beside `file`). */
export class VideoUploadFields {
  @ApiProperty({ maxLength: TITLE_MAX }) @Transform(trim) @IsString({ message: 'Enter a title.' })
  @Length(1, TITLE_MAX, { message: `Enter a title of at most ${TITLE_MAX} characters.` })
  title!: string;

  @ApiPropertyOptional({ default: true }) @OptionalNotNull() @Transform(toBoolean) @IsBoolean({ message: 'is_preview must be true or false.' })
  is_preview?: boolean;
}

/** The text fields of a product file upload (multipart, beside `file`). */
export class FileUploadFields {
  @ApiPropertyOptional({ maxLength: FILE_NAME_MAX, description: 'What buyers see; default: the uploaded file\'s name.' })
  @OptionalNotNull() @Transform(trim) @IsString({ message: 'name must be text.' })
  @MaxLength(FILE_NAME_MAX, { message: `name may be at most ${FILE_NAME_MAX} characters.` })
  name?: string;
}
