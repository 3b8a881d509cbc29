import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import request from 'supertest';
import { DomainError } from '../../shared/domain-error.js';
import { IMAGE_UPLOAD_TYPES, readUpload, UPLOAD_LIMITS, type Upload } from './uploads.js';

const PNG_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' };

async function png(width = 4, height = 3): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } }).png().toBuffer();
}

/** A real Fastify server with the plugin as the shop registers it, and one upload route. */
async function server(options: { maxBytes: number; field?: string }): Promise<{ fastify: FastifyInstance; uploads: Upload[] }> {
  const uploads: Upload[] = [];
  const fastify = Fastify();
  await fastify.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
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
