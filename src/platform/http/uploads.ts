import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline as pipe, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Environment } from '../../config/environment.js';
import { noteStreamedBytes, scavengingAsItFlows } from '../memory/index.js';
import { InvalidInputError } from '../../shared/domain-error.js';

/**
 * Limits for every multipart request. A route's own `maxBytes` (readUpload) sets the file size; this is the
 * ceiling when a route forgets to, and the rest keeps a form small: one file, a few short text fields.
 */
export const UPLOAD_LIMITS = {
  files: 1,
  fields: 20,
  fieldSize: 10_000, // bytes per text field: titles and alt texts, not documents
  fieldNameSize: 100,
  parts: 21,
  headerPairs: 100,
  fileSize: 200 * 1024 * 1024,
} as const;

/** Raster images the catalogue accepts (SVG never: it can carry script). Map of sniffed MIME type → extension. */
export const IMAGE_UPLOAD_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** Where large uploads are written while they arrive (withSpooledUpload): DATA_DIR/upload-spool. */
export function uploadSpoolDirectory(env: Environment): string {
  return path.join(env.dataDir, 'upload-spool');
}

/** A spooled file older than this was left by a process that stopped mid-upload (one still arriving is rewritten every moment). */
const STALE_SPOOL_MS = 60 * 60 * 1000;
const SPOOL_DIRECTORY = Symbol('uploadSpoolDirectory');
/** Reads spooled files in 1 MiB chunks, as storage reads files (fewer, larger chunks: less garbage per upload). */
const SPOOL_READ_CHUNK_BYTES = 1024 * 1024;

/**
 * Registers @fastify/multipart on the web server (bootstrap.ts calls this once). Only the streaming API is
 * used: nothing is parsed until a handler calls readUpload or withSpooledUpload, and every other route sees no
 * body at all, so its request DTO refuses a multipart request with 422 like any empty body. Large uploads are
 * spooled into `spoolDirectory`; what a stopped process left there is removed here.
 */
export async function registerUploads(fastify: FastifyInstance, settings: { spoolDirectory: string }): Promise<void> {
  await fastify.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  fastify.decorate(SPOOL_DIRECTORY, settings.spoolDirectory);
  await removeStaleSpools(settings.spoolDirectory);
}

export interface UploadOptions {
  /** The form field that carries the file; errors are reported under it. Default `file`. */
  field?: string;
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Accepted types: sniffed MIME type → the extension we store it under, e.g. `{'image/png': 'png'}`. */
  allowed: Record<string, string>;
}

/** An uploaded file's checked description, whether it was read into memory or spooled to disk. */
export interface UploadDescription {
  /** The MIME type found in the bytes themselves (one of `allowed`), never the one the client claimed. */
  contentType: string;
  /** `allowed[contentType]`, without a dot. */
  extension: string;
  /** The client's file name, stripped of folders and control characters: for display only, never a path. */
  filename: string;
  size: number;
  /** The form's text fields (the last value of a repeated one). */
  fields: Record<string, string>;
}

export interface Upload extends UploadDescription {
  buffer: Buffer;
}

export interface SpooledUpload extends UploadDescription {
  /** A new stream of the file's bytes from the start, read from the spool file (valid until `use` settles). */
  open(): Readable;
}

/**
 * Reads one uploaded file and the form's text fields from a multipart request, into memory, and checks it:
 * size at most `maxBytes` and a type, sniffed from the bytes with file-type, among `allowed`. Any problem is
 * an InvalidInputError (422) on `field`. The whole request is read (or discarded) before this returns or
 * throws, so the answer never races the rest of the upload; nothing is stored here. For files of a few MB
 * (images, which are decoded whole anyway); larger ones go through withSpooledUpload.
 */
export async function readUpload(request: FastifyRequest, options: UploadOptions): Promise<Upload> {
  const field = options.field ?? 'file';
  const received = await receive(request, field, options.maxBytes, async (part) => {
    const buffer = await part.toBuffer();
    return { content: buffer, size: buffer.length };
  });
  const buffer = received.content;
  const type = allowedType(await fileTypeFromBuffer(buffer), field, options.allowed);
  return { buffer, ...type, filename: received.filename, size: buffer.length, fields: received.fields };
}

/**
 * Like readUpload, with the same checks and answers, but the file is written to a temporary file as it arrives
 * (never held whole: a 200 MB video grows the server's RSS by 20–30 MB, ADR 0028) and its type is sniffed from that file. The
 * size limit is enforced while streaming: the spool stops at `maxBytes`, the rest of the body is read and
 * discarded, and the answer is 422. `use` runs with the checked upload (open() streams it, e.g. into file
 * storage's putStream); the temporary file is removed when `use` settles, whatever happens.
 */
export async function withSpooledUpload<T>(request: FastifyRequest, options: UploadOptions, use: (upload: SpooledUpload) => Promise<T>): Promise<T> {
  const field = options.field ?? 'file';
  const directory = (request.server as unknown as Record<symbol, string | undefined>)[SPOOL_DIRECTORY];
  if (!directory) throw new Error('registerUploads was not called with a spool directory');
  const spooled: string[] = [];
  // Every byte of the body, the part discarded past the limit included, passes through memory as a short-lived Buffer.
  // Listening only counts: receive() pipes the body into busboy in this same tick, and the pipe keeps the pace.
  const noteChunk = (chunk: Buffer) => noteStreamedBytes(chunk.length);
  request.raw.on('data', noteChunk);
  try {
    const received = await receive(request, field, options.maxBytes, async (part) => {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const file = path.join(directory, `${randomBytes(12).toString('hex')}.upload`);
      spooled.push(file);
      await pipeline(part.file, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      // busboy stops a file at the limit and reads the rest of the body into nothing; the iteration then fails too.
      if (part.file.truncated) throw new InvalidInputError(field, tooLarge(options.maxBytes));
      return { content: file, size: (await stat(file)).size };
    });
    request.raw.off('data', noteChunk);
    const file = received.content;
    const type = allowedType(await fileTypeFromFile(file), field, options.allowed);
    return await use({
      ...type,
      filename: received.filename,
      size: received.size,
      fields: received.fields,
      // pipe() hands the read stream's errors on to the stream it answers, and destroys both when that is destroyed.
      open: () => pipe(createReadStream(file, { highWaterMark: SPOOL_READ_CHUNK_BYTES }), scavengingAsItFlows(), () => undefined),
    });
  } finally {
    request.raw.off('data', noteChunk);
    await Promise.all(spooled.map((file) => rm(file, { force: true })));
  }
}

/**
 * The multipart loop both readers share: the text fields, and the one file in `field` handed to `keep` (which
 * reads it into memory or onto disk). Every problem is collected and the first one thrown once the whole body
 * has been read, so the 422 is never answered mid-upload.
 */
async function receive<T>(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  keep: (part: MultipartFile) => Promise<{ content: T; size: number }>,
): Promise<{ content: T; size: number; filename: string; fields: Record<string, string> }> {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) {
    throw new InvalidInputError(field, 'Send the file as multipart/form-data.');
  }

  const fields: Record<string, string> = {};
  let file: { content: T; size: number; filename: string } | null = null;
  let problem: InvalidInputError | null = null;
  const fail = (error: InvalidInputError) => {
    problem ??= error;
  };

  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== field || file !== null) {
          await discard(part.file);
          fail(new InvalidInputError(field, `Send exactly one file, in the field "${field}".`));
          continue;
        }
        try {
          file = { ...(await keep(part)), filename: part.filename };
        } catch (error) {
          fail(toUploadError(error, field, maxBytes));
        }
        continue;
      }
      if (part.valueTruncated || part.fieldnameTruncated) {
        fail(new InvalidInputError(part.fieldname, `This may be at most ${UPLOAD_LIMITS.fieldSize} characters.`));
      } else if (typeof part.value !== 'string') {
        fail(new InvalidInputError(part.fieldname, 'This must be text.'));
      } else if (part.value.includes('\u0000')) {
        fail(new InvalidInputError(part.fieldname, 'This may not contain NUL characters.'));
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    fail(toUploadError(error, field, maxBytes));
    discardRest(request);
  }
  if (problem) throw problem;

  if (!file) throw new InvalidInputError(field, 'Choose a file to upload.');
  if (file.size === 0) throw new InvalidInputError(field, 'The file is empty.');
  if (file.size > maxBytes) throw new InvalidInputError(field, tooLarge(maxBytes));
  return { ...file, filename: displayName(file.filename), fields };
}

function allowedType(sniffed: { mime: string } | undefined, field: string, allowed: Record<string, string>): { contentType: string; extension: string } {
  const extension = sniffed ? allowed[sniffed.mime] : undefined;
  if (!sniffed || !extension) {
    throw new InvalidInputError(field, `The file must be one of these types: ${describeTypes(allowed)}.`);
  }
  return { contentType: sniffed.mime, extension };
}

/** Removes spool files a stopped process left behind (none is still arriving after an hour without a write). */
async function removeStaleSpools(directory: string): Promise<void> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const now = Date.now();
  for (const name of names) {
    const file = path.join(directory, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > STALE_SPOOL_MS) await rm(file, { force: true });
  }
}

function tooLarge(maxBytes: number): string {
  const megabytes = maxBytes / (1024 * 1024);
  const shown = Number.isInteger(megabytes) ? String(megabytes) : String(Number(megabytes.toFixed(megabytes < 1 ? 2 : 1)));
  return `The file may be at most ${shown} MB.`;
}

function describeTypes(allowed: Record<string, string>): string {
  return [...new Set(Object.values(allowed))].map((extension) => extension.toUpperCase()).join(', ');
}

/** The multipart plugin's and busboy's errors, as the reason a user can act on. */
function toUploadError(error: unknown, field: string, maxBytes: number): InvalidInputError {
  if (error instanceof InvalidInputError) return error;
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new InvalidInputError(field, tooLarge(maxBytes));
    case 'FST_FILES_LIMIT':
      return new InvalidInputError(field, `Send exactly one file, in the field "${field}".`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new InvalidInputError(field, `The form may have at most ${UPLOAD_LIMITS.fields} fields besides the file.`);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new InvalidInputError(field, 'The form has a field we cannot accept.');
    default:
      // Malformed or cut-off multipart data ("Unexpected end of form", "Malformed part header", …).
      return new InvalidInputError(field, 'The upload was incomplete or malformed; please try again.');
  }
}

async function discard(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const chunk of stream) void chunk;
}

/** After a parse error, throws the rest of the request body away so the 422 is not answered mid-upload. */
function discardRest(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

function displayName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return clean || 'file';
}
