import { StreamableFile } from '@nestjs/common';
import { Readable } from 'node:stream';
import { attachmentDisposition } from './content-disposition.js';

/**
 * A CSV download written as its chunks come (an async generator reading the database in batches), so a long
 * list never sits in memory. It starts with a UTF-8 byte-order mark: without it Excel reads the file as
 * Windows-1252 and mangles names such as "Zoë".
 */
export function csvDownload(fileName: string, chunks: AsyncIterable<string>): StreamableFile {
  async function* withBom(): AsyncGenerator<string> {
    yield '\uFEFF';
    yield* chunks;
  }
  return new StreamableFile(Readable.from(withBom()), { type: 'text/csv; charset=utf-8', disposition: attachmentDisposition(fileName) });
}
