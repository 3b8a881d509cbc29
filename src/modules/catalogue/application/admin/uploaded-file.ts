import type { Readable } from 'node:stream';

/**
 * A file an administrator uploaded, already read and checked by the HTTP edge: its type was sniffed from
 * the bytes (never the client's claim) and its size bounded. `filename` is for display only.
 */
interface CheckedUpload {
  contentType: string;
  extension: string;
  filename: string;
  size: number;
}

/** A small upload (a logo, a product image: a few MB, decoded whole anyway), in memory. */
export interface UploadedFile extends CheckedUpload {
  buffer: Buffer;
}

/**
 * A large upload (a video, a downloadable file: up to 200 MB), kept on disk by the edge until the use case
 * returns: `open()` streams its `size` bytes from the start, for file storage's putStream.
 */
export interface UploadedLargeFile extends CheckedUpload {
  open(): Readable;
}

/** Sniffed MIME type → stored extension, per kind of upload. SVG is never an image here: it can carry script. */
export const LOGO_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
export const IMAGE_TYPES = LOGO_TYPES;
export const VIDEO_TYPES: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };
export const PRODUCT_FILE_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
};

const MB = 1024 * 1024;
export const UPLOAD_MAX_BYTES = { logo: 2 * MB, image: 5 * MB, video: 200 * MB, file: 200 * MB } as const;
