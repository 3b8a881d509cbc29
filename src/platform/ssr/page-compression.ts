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
 * Compressed copies of recent pages, keyed by the page's string. A page served from the page cache is the same string
 * object each time (V8 keeps a string's hash on it, so the lookup does not re-read 30 kB), so a cached hit costs a
 * lookup instead of ~1.6 ms of brotli; a fresh render is a new string and just passes through. Bounded: the oldest
 * entries go first (a Map keeps insertion order).
 */
const RECENT_LIMIT = 200;
const recent = new Map<string, Partial<Record<PageEncoding, Buffer>>>();

/**
 * The page's body compressed for the client, or as it is when the client takes no compression or the page is too
 * small to gain. Asynchronous (zlib's thread pool): a page's compression never holds up the event loop.
 */
export async function compressPage(body: string | Buffer, acceptEncoding: string | string[] | undefined): Promise<{ body: string | Buffer; encoding: PageEncoding | null }> {
  const encoding = pageEncodingFor(acceptEncoding);
  if (!encoding || Buffer.byteLength(body) < MIN_BYTES) return { body, encoding: null };
  const known = typeof body === 'string' ? recent.get(body) : undefined;
  const kept = known?.[encoding];
  if (kept) return { body: kept, encoding };
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const compressed = encoding === 'br'
    ? await toBrotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : await toGzip(bytes, { level: GZIP_LEVEL });
  if (typeof body === 'string') {
    if (known) known[encoding] = compressed;
    else {
      recent.set(body, { [encoding]: compressed });
      if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value!);
    }
  }
  return { body: compressed, encoding };
}
