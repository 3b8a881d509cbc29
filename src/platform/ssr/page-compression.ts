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

/** The encoding to send a body of this size in, for this client: null when it takes none or the body is too small to gain. */
export function encodingForBody(byteLength: number, acceptEncoding: string | string[] | undefined): PageEncoding | null {
  return byteLength < MIN_BYTES ? null : pageEncodingFor(acceptEncoding);
}

/**
 * The page's body compressed for the client, or as it is when the client takes no compression or the page is too
 * small to gain. Asynchronous (zlib's thread pool): a page's compression never holds up the event loop.
 */
export async function compressPage(body: string | Buffer, acceptEncoding: string | string[] | undefined): Promise<{ body: string | Buffer; encoding: PageEncoding | null }> {
  const encoding = encodingForBody(Buffer.byteLength(body), acceptEncoding);
  if (!encoding) return { body, encoding: null };
  // A page rendered for one visitor carries its own CSP nonce, so no two responses are the same bytes: compressed every
  // time. (A memo of the last 200 pages keyed by their text used to sit here; it never answered: ADR 0067.) A cached
  // page is the same bytes for everyone and keeps its compressed copies (`PageCache`, ADR 0095).
  return { body: await compressBytes(typeof body === 'string' ? Buffer.from(body) : body, encoding), encoding };
}

/** `bytes` in `encoding`, on zlib's thread pool. */
export async function compressBytes(bytes: Buffer, encoding: PageEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? await toBrotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : await toGzip(bytes, { level: GZIP_LEVEL });
}
