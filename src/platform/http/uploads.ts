import multipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
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

/**
 * Registers @fastify/multipart on the web server (bootstrap.ts calls this once). Only the streaming API is
 * used: nothing is parsed until a handler calls readUpload, and every other route sees no body at all, so
 * its request DTO refuses a multipart request with 422 like any empty body.
 */
export async function registerUploads(app: NestFastifyApplication): Promise<void> {
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
}

export interface UploadOptions {
  /** The form field that carries the file; errors are reported under it. Default `file`. */
  field?: string;
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Accepted types: sniffed MIME type → the extension we store it under, e.g. `{'image/png': 'png'}`. */
  allowed: Record<string, string>;
}

export interface Upload {
  buffer: Buffer;
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

/**
 * Reads one uploaded file and the form's text fields from a multipart request, into memory, and checks it:
 * size at most `maxBytes` and a type, sniffed from the bytes with file-type, among `allowed`. Any problem is
 * an InvalidInputError (422) on `field`. The whole request is read (or discarded) before this returns or
 * throws, so the answer never races the rest of the upload; nothing is stored here.
 */
export async function readUpload(request: FastifyRequest, options: UploadOptions): Promise<Upload> {
  const field = options.field ?? 'file';
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) {
    throw new InvalidInputError(field, 'Send the file as multipart/form-data.');
  }

  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; filename: string } | null = null;
  let problem: InvalidInputError | null = null;
  const fail = (error: InvalidInputError) => {
    problem ??= error;
  };

  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== field || file !== null) {
          await discard(part.file);
          fail(new InvalidInputError(field, `Send exactly one file, in the field "${field}".`));
          continue;
        }
        try {
          file = { buffer: await part.toBuffer(), filename: part.filename };
        } catch (error) {
          fail(toUploadError(error, field, options.maxBytes));
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
    fail(toUploadError(error, field, options.maxBytes));
    discardRest(request);
  }
  if (problem) throw problem;

  if (!file) throw new InvalidInputError(field, 'Choose a file to upload.');
  const { buffer } = file;
  if (buffer.length === 0) throw new InvalidInputError(field, 'The file is empty.');
  if (buffer.length > options.maxBytes) throw new InvalidInputError(field, tooLarge(options.maxBytes));

  const sniffed = await fileTypeFromBuffer(buffer);
  const extension = sniffed ? options.allowed[sniffed.mime] : undefined;
  if (!sniffed || !extension) {
    throw new InvalidInputError(field, `The file must be one of these types: ${describeTypes(options.allowed)}.`);
  }
  return { buffer, contentType: sniffed.mime, extension, filename: displayName(file.filename), size: buffer.length, fields };
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
