import type { Metadata } from 'sharp';
import { ConcurrencyLimit } from '../../shared/concurrency-limit.js';
import { InvalidInputError } from '../../shared/domain-error.js';

/**
 * 24 megapixels (a 6000 × 4000 photo from a 24 MP camera): more than any product photo, logo or cover needs
 * (they are stored at most 2400 px wide), and a ceiling on what one upload can make us decode. A "decompression
 * bomb" is a small file that claims many pixels: issue 25's 38 KB PNG declared 6300 × 6300 (39.7 MP), under
 * the 40 MP this used to be, and was decoded whole.
 */
export const MAX_IMAGE_PIXELS = 24_000_000;

/**
 * Decoding holds native memory (some 50 MB for an image at the ceiling) that glibc does not hand back at once:
 * six decoded together took a server from 211 to 364 MB of RSS and left it at 331 MB (issue 25), past what
 * docs/operations.md promises. So the process decodes one image at a time and the others queue; uploads are
 * staff work, rarely simultaneous, and one takes well under a second.
 */
const decoding = new ConcurrencyLimit(1);

let sharpLoaded: Promise<typeof import('sharp')['default']> | null = null;

/**
 * sharp, loaded at the first image: importing it maps libvips and its codecs (~6 MB of RSS, and their start-up
 * allocations) into a process that, serving the storefront, never decodes an image (ADR 0067).
 */
function loadSharp(): Promise<typeof import('sharp')['default']> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache keeps recent results for reuse; every upload is a different image, so it only holds
    // memory after each one.
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

/** Raster formats we accept. Never SVG: it is a document that can carry script, not just a picture. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);

export interface ImageInfo {
  width: number;
  height: number;
  /** sharp's name for the format: jpeg, png, webp, gif or avif. */
  format: string;
}

export interface NormalisedImage extends ImageInfo {
  buffer: Buffer;
  format: 'webp';
  contentType: 'image/webp';
  extension: 'webp';
}

/**
 * Reads an uploaded image's header: its size and format. Refuses (InvalidInputError on `field`) anything
 * that is not one of our raster formats — SVG above all — and images over MAX_IMAGE_PIXELS.
 */
export async function inspectImage(buffer: Buffer, field = 'file'): Promise<ImageInfo> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels, so the limit is checked below, with a message of its own.
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new InvalidInputError(field, 'The file is not an image we can read.');
  }
  // sharp calls AVIF "heif" with AV1 compression; HEIC (HEVC) is refused: browsers cannot show it.
  const format = metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'avif' : 'heic') : (metadata.format as string | undefined);
  if (format === 'svg') throw new InvalidInputError(field, 'SVG images are not accepted; upload a JPEG, PNG, WebP, GIF or AVIF.');
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new InvalidInputError(field, 'The image must be a JPEG, PNG, WebP, GIF or AVIF.');
  const { width, height } = metadata;
  if (!width || !height) throw new InvalidInputError(field, 'The file is not an image we can read.');
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new InvalidInputError(
      field,
      `The image may have at most ${MAX_IMAGE_PIXELS / 1_000_000} million pixels (e.g. 6000 × 4000); this one has ${width} × ${height}. Scale it down and upload it again.`,
    );
  }
  return { width, height, format };
}

/**
 * Re-encodes an accepted image as WebP: turned upright from its EXIF orientation, at most `maxWidth` wide
 * (never enlarged), and with every piece of metadata dropped (EXIF, GPS position, camera serials, XMP,
 * comments) because sharp writes none unless asked. Decoding and re-encoding also removes anything hidden
 * after or inside the original file. The first frame of an animation is kept.
 */
export async function normaliseImage(buffer: Buffer, options: { maxWidth?: number; quality?: number; field?: string } = {}): Promise<NormalisedImage> {
  // The header is read first (no pixels decoded), so an image over the ceiling is refused before any decoding;
  // limitInputPixels below is the second line, for a file whose header and body disagree.
  await inspectImage(buffer, options.field);
  return decoding.run(async () => {
    try {
      const sharp = await loadSharp();
      const { data, info } = await sharp(buffer, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
        .autoOrient()
        .resize({ width: options.maxWidth ?? 2400, withoutEnlargement: true })
        .webp({ quality: options.quality ?? 85 })
        .toBuffer({ resolveWithObject: true });
      return { buffer: data, width: info.width, height: info.height, format: 'webp', contentType: 'image/webp', extension: 'webp' } as const;
    } catch {
      throw new InvalidInputError(options.field ?? 'file', 'The file is not an image we can read.');
    }
  });
}
