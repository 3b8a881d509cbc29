import Fastify, { type FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import request from 'supertest';
import { DomainError } from '../../shared/domain-error.js';
import { IMAGE_UPLOAD_TYPES, readUpload, registerUploads, UPLOAD_LIMITS, withSpooledUpload, type Upload } from './uploads.js';

const PNG_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' };

async function png(width = 4, height = 3): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } }).png().toBuffer();
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A real Fastify server with the plugin as the shop registers it, and one upload route. */
async function server(options: { maxBytes: number; field?: string }): Promise<{ fastify: FastifyInstance; uploads: Upload[] }> {
  const uploads: Upload[] = [];
  const fastify = Fastify();
  await registerUploads(fastify, { spoolDirectory: path.join(os.tmpdir(), 'uploads-spec-unused') });
  fastify.setErrorHandler((error, _request, reply) => {
    if (error instanceof DomainError) return reply.status(422).send({ errors: error.fields });
    return reply.status(500).send({ message: String(error) });
  });
  fastify.post('/upload', async (req) => {
    const upload = await readUpload(req, { maxBytes: options.maxBytes, allowed: PNG_TYPES, field: options.field });
    uploads.push(upload);
    return { content_type: upload.contentType, extension: upload.extension, filename: upload.filename, size: upload.size, fields: upload.fields };
  });
  await fastify.ready();
  return { fastify, uploads };
}

describe('readUpload', () => {
  let fastify: FastifyInstance;
  let uploads: Upload[];

  beforeAll(async () => {
    ({ fastify, uploads } = await server({ maxBytes: 64 * 1024 }));
  });
  afterAll(() => fastify.close());

  it('reads the file and the text fields, with the type sniffed from the bytes', async () => {
    const image = await png();
    const res = await request(fastify.server)
      .post('/upload')
      .field('alt', 'A poster')
      .attach('file', image, { filename: '../../C:\\evil\u0007/holiday.jpg', contentType: 'text/html' })
      .field('sort_order', '2');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ content_type: 'image/png', extension: 'png', filename: 'holiday.jpg', size: image.length, fields: { alt: 'A poster', sort_order: '2' } });
    expect(uploads.at(-1)?.buffer.equals(image)).toBe(true);
  });

  it('refuses a type that is not allowed, whatever the client claims, naming the allowed types', async () => {
    const res = await request(fastify.server)
      .post('/upload')
      .attach('file', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), { filename: 'a.png', contentType: 'image/png' });
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toBe('The file must be one of these types: PNG, JPG.');
  });

  it('refuses SVG, which file-type does not even call an image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await request(fastify.server).post('/upload').attach('file', svg, { filename: 'logo.svg', contentType: 'image/svg+xml' });
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toMatch(/must be one of these types/);
  });

  it('refuses a file over the limit, reads the whole request, and keeps the connection usable', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(3 * 1024 * 1024, 1)]);
    const res = await request(fastify.server).post('/upload').field('alt', 'x').attach('file', big, 'big.png').field('after', 'y');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ file: ['The file may be at most 0.06 MB.'] });
    // The next request on the same server is fine.
    const ok = await request(fastify.server).post('/upload').attach('file', await png(), 'ok.png');
    expect(ok.status).toBe(200);
  });

  it('says "N MB" for whole megabytes', async () => {
    const { fastify: mb, uploads: none } = await server({ maxBytes: 1024 * 1024 });
    try {
      const res = await request(mb.server).post('/upload').attach('file', Buffer.alloc(1024 * 1024 + 1), 'x.png');
      expect(res.body.errors).toEqual({ file: ['The file may be at most 1 MB.'] });
      expect(none).toHaveLength(0);
    } finally {
      await mb.close();
    }
  });

  it('refuses a request that is not multipart, or has no file, on the field', async () => {
    const json = await request(fastify.server).post('/upload').send({ file: 'x' });
    expect(json.status).toBe(422);
    expect(json.body.errors).toEqual({ file: ['Send the file as multipart/form-data.'] });
    const noFile = await request(fastify.server).post('/upload').field('alt', 'x');
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors).toEqual({ file: ['Choose a file to upload.'] });
    const empty = await request(fastify.server).post('/upload').attach('file', Buffer.alloc(0), 'e.png');
    expect(empty.status).toBe(422);
  });

  it('reports errors under the route\'s own field name', async () => {
    const { fastify: logo } = await server({ maxBytes: 1024, field: 'logo' });
    try {
      const res = await request(logo.server).post('/upload').attach('file', await png(), 'x.png');
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['logo']);
      const ok = await request(logo.server).post('/upload').attach('logo', await png(), 'x.png');
      expect(ok.status).toBe(200);
    } finally {
      await logo.close();
    }
  });

  it('refuses a second file, too many fields, an over-long field and a cut-off body', async () => {
    const two = await request(fastify.server).post('/upload').attach('file', await png(), 'a.png').attach('file', await png(), 'b.png');
    expect(two.status).toBe(422);
    expect(two.body.errors.file[0]).toMatch(/exactly one file/);

    let many = request(fastify.server).post('/upload');
    for (let i = 0; i < UPLOAD_LIMITS.fields + 1; i++) many = many.field(`f${i}`, 'v');
    const tooMany = await many.attach('file', await png(), 'a.png');
    expect(tooMany.status).toBe(422);

    const long = await request(fastify.server).post('/upload').field('alt', 'x'.repeat(UPLOAD_LIMITS.fieldSize + 1)).attach('file', await png(), 'a.png');
    expect(long.status).toBe(422);
    expect(long.body.errors.alt[0]).toMatch(/at most/);

    const cut = await fastify.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
    });
    expect(cut.statusCode).toBe(422);
  });

  it('offers the raster image types, never SVG', () => {
    expect(Object.keys(IMAGE_UPLOAD_TYPES)).not.toContain('image/svg+xml');
    expect(IMAGE_UPLOAD_TYPES['image/jpeg']).toBe('jpg');
  });
});

describe('withSpooledUpload', () => {
  let spool: string;
  let fastify: FastifyInstance;
  /** What each `use` saw: the upload, its bytes read through open(), and the spool folder's files meanwhile. */
  const seen: Array<{ size: number; contentType: string; filename: string; fields: Record<string, string>; bytes: Buffer; spooled: string[] }> = [];
  let failUse = false;

  beforeAll(async () => {
    spool = await mkdtemp(path.join(os.tmpdir(), 'uploads-spool-'));
    fastify = Fastify();
    await registerUploads(fastify, { spoolDirectory: spool });
    fastify.setErrorHandler((error, _request, reply) => {
      if (error instanceof DomainError) return reply.status(422).send({ errors: error.fields });
      return reply.status(500).send({ message: error instanceof Error ? error.message : String(error) });
    });
    fastify.post('/upload', async (req) =>
      withSpooledUpload(req, { maxBytes: 64 * 1024, allowed: PNG_TYPES }, async (upload) => {
        seen.push({ ...upload, bytes: await bytesOf(upload.open()), spooled: await readdir(spool) });
        if (failUse) throw new Error('storage unavailable');
        return { size: upload.size };
      }),
    );
    await fastify.ready();
  });
  afterAll(async () => {
    await fastify.close();
    await rm(spool, { recursive: true, force: true });
  });
  beforeEach(() => {
    seen.length = 0;
    failUse = false;
  });

  it('spools the file to disk, sniffs it there, reads fields sent after it, and removes the spool afterwards', async () => {
    const image = Buffer.concat([await png(), Buffer.alloc(20_000, 3)]);
    const res = await request(fastify.server).post('/upload').attach('file', image, { filename: 'a/b.png', contentType: 'text/plain' }).field('title', 'After the file');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ size: image.length });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ size: image.length, contentType: 'image/png', filename: 'b.png', fields: { title: 'After the file' } });
    expect(seen[0]!.bytes.equals(image)).toBe(true);
    expect(seen[0]!.spooled).toHaveLength(1);
    expect(await readdir(spool)).toEqual([]);
  });

  it('stops spooling at the limit, answers 422 as readUpload does, and leaves nothing behind', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(3 * 1024 * 1024, 1)]);
    const res = await request(fastify.server).post('/upload').field('alt', 'x').attach('file', big, 'big.png').field('after', 'y');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ file: ['The file may be at most 0.06 MB.'] });
    expect(seen).toEqual([]);
    expect(await readdir(spool)).toEqual([]);
    // Exactly the limit is fine.
    const exact = Buffer.concat([await png(), Buffer.alloc(64 * 1024 - (await png()).length, 1)]);
    expect((await request(fastify.server).post('/upload').attach('file', exact, 'exact.png')).status).toBe(200);
  });

  it('removes the spool when the type is refused, the form is wrong, or the use case fails', async () => {
    const pdf = await request(fastify.server).post('/upload').attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.png');
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors.file[0]).toBe('The file must be one of these types: PNG, JPG.');
    const two = await request(fastify.server).post('/upload').attach('file', await png(), 'a.png').attach('file', await png(), 'b.png');
    expect(two.status).toBe(422);
    const long = await request(fastify.server).post('/upload').attach('file', await png(), 'a.png').field('alt', 'x'.repeat(UPLOAD_LIMITS.fieldSize + 1));
    expect(long.status).toBe(422);
    const empty = await request(fastify.server).post('/upload').attach('file', Buffer.alloc(0), 'e.png');
    expect(empty.body.errors).toEqual({ file: ['The file is empty.'] });
    failUse = true;
    const failed = await request(fastify.server).post('/upload').attach('file', await png(), 'a.png');
    expect(failed.status).toBe(500);
    expect(seen).toHaveLength(1);
    expect(await readdir(spool)).toEqual([]);
  });

  it('is refused unless the request is multipart, before anything is spooled', async () => {
    const json = await request(fastify.server).post('/upload').send({ file: 'x' });
    expect(json.body.errors).toEqual({ file: ['Send the file as multipart/form-data.'] });
  });

  it('removes, at registration, spool files a stopped process left an hour ago or more, and no others', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'uploads-stale-'));
    try {
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, 'old.upload'), 'x');
      await writeFile(path.join(folder, 'recent.upload'), 'y');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      await utimes(path.join(folder, 'old.upload'), twoHoursAgo, twoHoursAgo);
      const other = Fastify();
      await registerUploads(other, { spoolDirectory: folder });
      await other.close();
      expect(await readdir(folder)).toEqual(['recent.upload']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
