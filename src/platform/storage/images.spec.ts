import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';
import { DomainError } from '../../shared/domain-error.js';
import { inspectImage, MAX_IMAGE_PIXELS, normaliseImage } from './images.js';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c04020' } });

/** A PNG whose header claims `width` × `height` but holds almost nothing: the shape of a decompression bomb. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
}

async function reasonOf(promise: Promise<unknown>): Promise<Record<string, string[]>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'invalid') return error.fields;
    throw error;
  }
  throw new Error('expected an InvalidInputError');
}

describe('inspectImage', () => {
  it.each(['jpeg', 'png', 'webp', 'gif', 'avif'] as const)('reads the size and format of a %s', async (format) => {
    const buffer = await solid(7, 5).toFormat(format).toBuffer();
    await expect(inspectImage(buffer)).resolves.toEqual({ width: 7, height: 5, format });
  });

  it('refuses SVG, even one that is a perfectly good picture', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect(await reasonOf(inspectImage(svg))).toEqual({ file: [expect.stringMatching(/SVG images are not accepted/)] });
  });

  it('refuses what is not an image, and reports it on the given field', async () => {
    expect(await reasonOf(inspectImage(Buffer.from('hello'), 'logo'))).toEqual({ logo: ['The file is not an image we can read.'] });
  });

  it('refuses an image whose header claims more than the pixel limit (decompression bomb)', async () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100);
    expect(await reasonOf(inspectImage(bomb))).toEqual({ file: [expect.stringMatching(/^The image may have at most 24 million pixels \(e\.g\. 6000 × 4000\); this one has 50000 × 50000\./)] });
    expect(await reasonOf(normaliseImage(bomb))).toHaveProperty('file');
  });

  it('refuses issue 25\'s bomb (6300 × 6300, 39.7 MP, under the old 40 MP) and takes a 24 MP photo (6000 × 4000)', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(24_000_000);
    expect(await reasonOf(inspectImage(pngClaiming(6300, 6300)))).toEqual({ file: [expect.stringContaining('this one has 6300 × 6300')] });
    await expect(inspectImage(pngClaiming(6000, 4000))).resolves.toEqual({ width: 6000, height: 4000, format: 'png' });
    expect(await reasonOf(inspectImage(pngClaiming(6001, 4000)))).toHaveProperty('file');
  });
});

describe('normaliseImage', () => {
  it('re-encodes as WebP without any metadata (EXIF, GPS, ICC)', async () => {
    const tagged = await solid(40, 20)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Camera Co', Artist: 'Someone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();

    const normalised = await normaliseImage(tagged);
    expect(normalised).toMatchObject({ format: 'webp', contentType: 'image/webp', extension: 'webp', width: 40, height: 20 });
    const metadata = await sharp(normalised.buffer).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(normalised.buffer.includes(Buffer.from('Secret Camera Co'))).toBe(false);
  });

  it('turns the picture upright from its EXIF orientation and limits the width', async () => {
    const sideways = await solid(40, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const upright = await normaliseImage(sideways);
    expect([upright.width, upright.height]).toEqual([20, 40]);

    const wide = await normaliseImage(await solid(3000, 1000).png().toBuffer(), { maxWidth: 1200 });
    expect([wide.width, wide.height]).toEqual([1200, 400]);
    const small = await normaliseImage(await solid(300, 100).png().toBuffer(), { maxWidth: 1200 });
    expect(small.width).toBe(300);
  });
});
