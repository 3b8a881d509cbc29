import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type PageEncoding = 'br' | 'gzip';

/** Below this a page gains less from compression than the encoding's framing costs. */
const MIN_BYTES = 1024;
/**
 * Brotli at quality 4: faster than gzip 6 on a 32 kB page (1.6 against 2.4 ms on a busy box), as small; the higher
 * qualities cost tens of times more CPU per page, which on-the-fly compression pays on every request (the assets are
 * compressed at build time, at 11).
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/**
 * The encoding to send a page in, from the request's Accept-Encoding: brotli, else gzip, else none. A coding the client
 * refuses with q=0 is not used; otherwise q-values are not ranked (every browser that offers both prefers brotli).
 */
export function pageEncodingFor(acceptEncoding: string | string[] | undefined): PageEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Set<string>();
  for (const item of header.toLowerCase().split(',')) {
    const [coding, ...params] = item.trim().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (coding && !refused) accepted.add(coding.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * The page's body compressed for the client, or as it is when the client takes no compression or the page is too
 * small to gain. Asynchronous (zlib's thread pool): a page's compression never holds up the event loop.
 */
export async function compressPage(body: string | Buffer, acceptEncoding: string | string[] | undefined): Promise<{ body: string | Buffer; encoding: PageEncoding | null }> {
  const encoding = pageEncodingFor(acceptEncoding);
  if (!encoding || Buffer.byteLength(body) < MIN_BYTES) return { body, encoding: null };
  // Compressed on every response, never kept: each page carries its own CSP nonce, so no two responses are the same
  // bytes. (A memo of the last 200 pages keyed by their text used to sit here; a fresh render's text is unique and a
  // cached page arrives as a Buffer, so it never answered, and held ~200 rendered pages of heap: ADR 0067.)
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const compressed = encoding === 'br'
    ? await toBrotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : await toGzip(bytes, { level: GZIP_LEVEL });
  return { body: compressed, encoding };
}
