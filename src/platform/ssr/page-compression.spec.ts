import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressPage, pageEncodingFor } from './page-compression.js';

describe('pageEncodingFor', () => {
  it('prefers brotli, then gzip, and sends a page as it is to a client that takes neither', () => {
    expect(pageEncodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncodingFor('gzip, deflate')).toBe('gzip');
    expect(pageEncodingFor('deflate')).toBeNull();
    expect(pageEncodingFor(undefined)).toBeNull();
    expect(pageEncodingFor(['gzip', 'br'])).toBe('br');
  });

  it('never uses a coding the client refuses with q=0', () => {
    expect(pageEncodingFor('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncodingFor('br; q=0.0, gzip;q=0')).toBeNull();
    expect(pageEncodingFor('BR;q=0.1')).toBe('br');
  });
});

describe('compressPage', () => {
  const page = `<!doctype html><html><body>${'<p class="product-card">Manual handling training</p>'.repeat(200)}</body></html>`;

  it('compresses a page into the chosen encoding, which decodes to the page', async () => {
    const br = await compressPage(page, 'gzip, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(page);
    const gzip = await compressPage(Buffer.from(page), 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body as Buffer).toString()).toBe(page);
    expect((gzip.body as Buffer).length).toBeLessThan(page.length / 4);
  });

  it('leaves a small page, or one for a client without compression, as it is', async () => {
    expect(await compressPage('<p>Not found</p>', 'br')).toEqual({ body: '<p>Not found</p>', encoding: null });
    expect(await compressPage(page, 'identity')).toEqual({ body: page, encoding: null });
  });
});

