import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

const MB = 1024 * 1024;

export interface StreamedUpload {
  /** The sent file begins with these bytes (e.g. a file type's signature) and is padded with zeros to `size`. */
  head: Buffer;
  size: number;
  filename: string;
  contentType: string;
  /** Text fields sent after the file, as the portal sends them. */
  fields?: Record<string, string>;
  /** The Authorization header, e.g. `Bearer …`. */
  authorization: string;
}

/**
 * POSTs a multipart form with one large file in `file`, generated as it is sent: neither this process nor the
 * server under test has to hold the body (a 200 MB upload costs the test a 1 MB buffer).
 */
export function postStreamedUpload(url: string, upload: StreamedUpload): Promise<{ status: number; body: Record<string, unknown> }> {
  const boundary = `----streamed-upload-${randomBytes(8).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${upload.filename}"\r\nContent-Type: ${upload.contentType}\r\n\r\n`,
  );
  const fields = Object.entries(upload.fields ?? {}).map(([name, value]) => `\r\n--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`);
  const epilogue = Buffer.from(`${fields.join('')}\r\n--${boundary}--\r\n`);
  const zeros = Buffer.alloc(MB);
  async function* body() {
    yield preamble;
    yield upload.head;
    for (let left = upload.size - upload.head.length; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
    yield epilogue;
  }
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: upload.authorization,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(preamble.length + upload.size + epilogue.length),
      },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown> }));
      res.on('error', reject);
    });
    req.on('error', reject);
    Readable.from(body()).pipe(req);
  });
}

/** The base URL of an in-process server, listening on a free port first if it is not yet. */
export async function baseUrlOf(server: http.Server): Promise<string> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
