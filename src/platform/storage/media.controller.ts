import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILE_STORAGE, type FileStorage } from './file-storage.port.js';
import { storageKeyProblem } from './storage-key.js';

export const MEDIA_PREFIX = '/media/';

/**
 * The storage key behind a `/media/…` request path, or null when the path is not one we serve: only the raw
 * path counts (no decoding, so `%2e%2e`, `%2f` and friends never become `..` or `/`), it must be a valid key
 * under `public/`, and `private/` can never be reached because every path is put under `public/`.
 */
export function mediaKeyOf(rawUrl: string): string | null {
  const pathname = rawUrl.split('?')[0] ?? '';
  if (!pathname.startsWith(MEDIA_PREFIX)) return null;
  const rest = pathname.slice(MEDIA_PREFIX.length);
  if (rest.includes('%')) return null; // keys never need escaping, so an escaped path is not a key
  const key = `public/${rest}`;
  return storageKeyProblem(key) === null ? key : null;
}

/** Matches a quoted entity tag against an If-None-Match list (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || bare(candidate) === bare(etag));
}

/** Headers that let a browser or CDN keep a public file forever and stop it ever running as a page. */
const MEDIA_HEADERS: Record<string, string> = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  // A file opened directly is a sandboxed document with no rights: an image with script inside cannot run it.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cross-origin-resource-policy': 'same-site',
};

/**
 * `GET /media/<rest>` streams the public object `public/<rest>` from FILE_STORAGE. Keys change whenever
 * bytes change, so answers are cacheable for a year; an ETag still lets a revalidating client get 304.
 */
@ApiExcludeController()
@Controller()
export class MediaController {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  @Get('media/*')
  async file(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const key = mediaKeyOf(request.raw.url ?? request.url);
    const object = key ? await this.storage.get(key) : null;
    if (!object) throw new NotFoundException('No such file.');

    const etag = object.etag ?? `"${object.size.toString(16)}"`;
    for (const [name, value] of Object.entries(MEDIA_HEADERS)) void reply.header(name, value);
    void reply.header('etag', etag);
    if (object.lastModified) void reply.header('last-modified', object.lastModified.toUTCString());

    if (etagMatches(request.headers['if-none-match'], etag)) {
      object.body.destroy();
      await reply.status(304).send();
      return;
    }
    void reply.header('content-type', object.contentType).header('content-length', String(object.size));
    await reply.status(200).send(object.body);
  }
}

/**
 * onSend hook for the web server: a public, cacheable file must not carry Set-Cookie (the XSRF cookie or a
 * cleared session), or a shared cache could hand one visitor's cookie to everyone.
 */
export async function withoutCookiesOnMedia(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.url.startsWith(MEDIA_PREFIX) && (reply.statusCode === 200 || reply.statusCode === 304)) reply.removeHeader('set-cookie');
}
