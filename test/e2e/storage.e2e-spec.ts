import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import request from 'supertest';
import { createShopApp } from '../../src/bootstrap.js';
import { ConfigurationError, loadEnvironment } from '../../src/config/environment.js';
import {
  FILE_STORAGE,
  type FileStorage,
  InvalidStorageKeyError,
  LocalDiskStorage,
  mediaUrl,
  newStorageKey,
  S3Storage,
} from '../../src/platform/storage/index.js';
import { startS3Peer, type S3Peer } from '../support/s3-peer.js';
import { databaseKind } from '../support/test-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A GET with the path sent exactly as written (supertest and fetch would normalise `..` and `%2e`). */
function rawGet(app: NestFastifyApplication, rawPath: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const server = app.getHttpServer();
    const listening = server.listening ? Promise.resolve() : new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
    void listening.then(() => {
      const { port } = server.address() as AddressInfo;
      const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: rawPath }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    });
  });
}

interface Adapter {
  storage: FileStorage;
  close(): Promise<void>;
}

const adapters: [string, () => Promise<Adapter>][] = [
  [
    'LocalDiskStorage',
    async () => {
      const root = await mkdtemp(path.join(os.tmpdir(), 'storage-contract-'));
      return { storage: new LocalDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    'S3Storage (s3rver)',
    async () => {
      const peer = await startS3Peer();
      const storage = new S3Storage({ bucket: peer.bucket, region: 'us-east-1', endpoint: peer.endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
      return {
        storage,
        close: async () => {
          storage.close();
          await peer.close();
        },
      };
    },
  ],
];

describe.each(adapters)('FileStorage contract: %s', (_name, create) => {
  let adapter: Adapter;
  let storage: FileStorage;

  beforeAll(async () => {
    adapter = await create();
    storage = adapter.storage;
  });
  afterAll(() => adapter?.close());

  it('gives back exactly what was put: bytes, type, size and an entity tag', async () => {
    const key = newStorageKey('public', 'products/12', 'bin');
    const bytes = randomBytes(300_000);
    await storage.put(key, bytes, 'application/x-test');
    const object = await storage.get(key);
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe('application/x-test');
    expect(object!.size).toBe(bytes.length);
    expect(object!.etag).toMatch(/^"[^"]+"$/);
    expect((await bytesOf(object!.body)).equals(bytes)).toBe(true);
  });

  it('reads a byte range (a resumed download) and still gives the whole size', async () => {
    const key = newStorageKey('private', 'products/12', 'bin');
    const bytes = randomBytes(2_500_000);
    await storage.put(key, bytes, 'video/mp4');
    const middle = await storage.get(key, { start: 1_000_000, end: 1_999_999 });
    expect(middle!.size).toBe(bytes.length);
    expect((await bytesOf(middle!.body)).equals(bytes.subarray(1_000_000, 2_000_000))).toBe(true);
    const last = await storage.get(key, { start: bytes.length - 1, end: bytes.length - 1 });
    expect((await bytesOf(last!.body)).equals(bytes.subarray(bytes.length - 1))).toBe(true);
  });

  it('stores a stream of the announced size without a buffer, and describes it with stat', async () => {
    const key = newStorageKey('private', 'products/12/videos', 'mp4');
    const bytes = randomBytes(3_000_000);
    // Many small chunks, as an upload arrives.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536));
    await storage.putStream(key, Readable.from(chunks), 'video/mp4', { size: bytes.length });
    const info = await storage.stat(key);
    expect(info).toMatchObject({ contentType: 'video/mp4', size: bytes.length, etag: expect.stringMatching(/^"[^"]+"$/) });
    const object = await storage.get(key);
    expect((await bytesOf(object!.body)).equals(bytes)).toBe(true);
    await expect(storage.stat('private/never/was.mp4')).resolves.toBeNull();
  });

  it.each([
    ['fails midway', async function* (bytes: Buffer) {
      yield bytes.subarray(0, 1000);
      throw new Error('the client went away');
    }],
    ['ends short of the announced size', async function* (bytes: Buffer) {
      yield bytes.subarray(0, bytes.length - 1);
    }],
    ['runs past the announced size', async function* (bytes: Buffer) {
      yield bytes;
      yield Buffer.from('more');
    }],
  ])('stores nothing from a stream that %s, and keeps what was there', async (_case, source) => {
    const bytes = randomBytes(200_000);
    const fresh = newStorageKey('private', 'products/12/files', 'pdf');
    await expect(storage.putStream(fresh, Readable.from(source(bytes)), 'application/pdf', { size: bytes.length })).rejects.toThrow();
    await expect(storage.get(fresh)).resolves.toBeNull();
    await expect(storage.stat(fresh)).resolves.toBeNull();

    const existing = newStorageKey('private', 'products/12/files', 'pdf');
    await storage.put(existing, Buffer.from('the old bytes'), 'application/pdf');
    await expect(storage.putStream(existing, Readable.from(source(bytes)), 'application/pdf', { size: bytes.length })).rejects.toThrow();
    expect((await bytesOf((await storage.get(existing))!.body)).toString()).toBe('the old bytes');
  });

  it('answers null for a key that was never put', async () => {
    await expect(storage.get('public/nothing/here.png')).resolves.toBeNull();
    await expect(storage.get('private/nothing/here.pdf')).resolves.toBeNull();
  });

  it('replaces an object put again under the same key', async () => {
    const key = 'private/files/replaced.txt';
    await storage.put(key, Buffer.from('first version'), 'text/plain');
    await storage.put(key, Buffer.from('second'), 'application/pdf');
    const object = await storage.get(key);
    expect(object!.contentType).toBe('application/pdf');
    expect(object!.size).toBe(6);
    expect((await bytesOf(object!.body)).toString()).toBe('second');
  });

  it('keeps an empty object', async () => {
    await storage.put('public/empty/zero.txt', Buffer.alloc(0), 'text/plain');
    const object = await storage.get('public/empty/zero.txt');
    expect(object!.size).toBe(0);
    expect(await bytesOf(object!.body)).toHaveLength(0);
  });

  it('deletes, and deleting a missing key is not an error', async () => {
    const key = newStorageKey('public', 'brands', 'png');
    await storage.put(key, Buffer.from('logo'), 'image/png');
    await storage.delete(key);
    await expect(storage.get(key)).resolves.toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete('public/never/was.png')).resolves.toBeUndefined();
  });

  it('keeps keys apart that share a folder', async () => {
    await storage.put('public/shared/a.txt', Buffer.from('a'), 'text/plain');
    await storage.put('public/shared/b.txt', Buffer.from('b'), 'text/plain');
    await storage.delete('public/shared/a.txt');
    expect((await bytesOf((await storage.get('public/shared/b.txt'))!.body)).toString()).toBe('b');
  });

  it('ends with one whole version when puts race on one key', async () => {
    const key = 'public/race/same.bin';
    const versions = Array.from({ length: 8 }, (_, i) => Buffer.alloc(100_000 + i, i + 1));
    await Promise.all(versions.map((bytes) => storage.put(key, bytes, 'application/octet-stream')));
    const stored = await bytesOf((await storage.get(key))!.body);
    expect(versions.some((bytes) => bytes.equals(stored))).toBe(true);
  });

  it.each([
    '/etc/passwd',
    '../outside.txt',
    'public/../../outside.txt',
    'public/a/../../b',
    'public\\windows\\path',
    'public/nul\u0000byte',
    'public/space here.txt',
    'public/%2e%2e/x',
    'public//double',
    '',
  ])('refuses the key %j on put, putStream, get, stat and delete', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.putStream(key, Readable.from([Buffer.from('x')]), 'text/plain', { size: 1 })).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});

describe('LocalDiskStorage on disk', () => {
  it('writes under root/<key> with a type sidecar and leaves no temporary files', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'storage-disk-'));
    try {
      const storage = new LocalDiskStorage(root);
      await storage.put('public/products/1/a.png', Buffer.from('png'), 'image/png');
      await storage.put('public/products/1/a.png', Buffer.from('png2'), 'image/png');
      expect((await readdir(path.join(root, 'public', 'products', '1'))).sort()).toEqual(['a.png', 'a.png~content-type']);
      expect(await storage.exists('public/products/1/a.png')).toBe(true);
      await storage.delete('public/products/1/a.png');
      expect(await readdir(path.join(root, 'public', 'products', '1'))).toEqual([]);
      // A folder is not an object.
      await storage.put('public/products/2/b.png', Buffer.from('b'), 'image/png');
      await expect(storage.get('public/products/2')).resolves.toBeNull();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('leaves neither a temporary file nor a type sidecar when a streamed put fails', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'storage-disk-'));
    try {
      const storage = new LocalDiskStorage(root);
      await storage.putStream('private/products/1/videos/a.mp4', Readable.from([Buffer.alloc(10)]), 'video/mp4', { size: 10 });
      async function* failing() {
        yield Buffer.alloc(1_000_000);
        throw new Error('the client went away');
      }
      await expect(storage.putStream('private/products/1/videos/b.mp4', Readable.from(failing()), 'video/mp4', { size: 2_000_000 })).rejects.toThrow('went away');
      expect((await readdir(path.join(root, 'private', 'products', '1', 'videos'))).sort()).toEqual(['a.mp4', 'a.mp4~content-type']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('S3Storage against a real S3 server', () => {
  let peer: S3Peer;
  beforeAll(async () => {
    peer = await startS3Peer();
  });
  afterAll(() => peer?.close());

  // s3rver checks the access key id but not SigV4 signatures, so an unknown key is what it can refuse.
  it('is refused with unknown credentials, and the error reaches the caller', async () => {
    const wrong = new S3Storage({ bucket: peer.bucket, region: 'us-east-1', endpoint: peer.endpoint, accessKeyId: 'NOBODY', secretAccessKey: 'wrong', forcePathStyle: true });
    try {
      await expect(wrong.put('public/x.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Access Key Id/);
      await expect(wrong.get('public/x.txt')).rejects.toThrow();
    } finally {
      wrong.close();
    }
  });

  it('reports a missing bucket as an error, not as a missing file', async () => {
    const lost = new S3Storage({ bucket: 'no-such-bucket', region: 'us-east-1', endpoint: peer.endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
    try {
      await expect(lost.get('public/x.txt')).rejects.toThrow();
    } finally {
      lost.close();
    }
  });
});

describe(`GET /media (${databaseKind}, local disk)`, () => {
  let shop: TestApp;
  let app: NestFastifyApplication;
  let storage: FileStorage;
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2000)]);
  let key: string;

  beforeAll(async () => {
    shop = await startTestApp();
    app = shop.app;
    storage = app.get(FILE_STORAGE);
    key = newStorageKey('public', 'products/12', 'png');
    await storage.put(key, png, 'image/png');
    await storage.put('private/files/secret.pdf', Buffer.from('%PDF-1.4 secret'), 'application/pdf');
    await storage.put('public/private/files/x.txt', Buffer.from('not secret'), 'text/plain');
  });
  afterAll(() => shop?.close());

  it('uses local disk under DATA_DIR/files by default', () => {
    expect(storage).toBeInstanceOf(LocalDiskStorage);
    expect((storage as LocalDiskStorage).root).toBe(path.join(shop.database.env.DATA_DIR, 'files'));
  });

  it('streams a public file with its type, length, immutable caching and hardening headers', async () => {
    const res = await request(app.getHttpServer()).get(mediaUrl(key)).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect((res.body as Buffer).equals(png)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(png.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['etag']).toMatch(/^"[^"]+"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    // A cacheable answer must not hand out cookies (the XSRF cookie every other first answer sets).
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match and 200 to a stale one', async () => {
    const first = await request(app.getHttpServer()).get(mediaUrl(key));
    const etag = first.headers['etag'] as string;
    const again = await request(app.getHttpServer()).get(mediaUrl(key)).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.headers['etag']).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const weak = await request(app.getHttpServer()).get(mediaUrl(key)).set('If-None-Match', `"other", W/${etag}`);
    expect(weak.status).toBe(304);
    const stale = await request(app.getHttpServer()).get(mediaUrl(key)).set('If-None-Match', '"stale"');
    expect(stale.status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await request(app.getHttpServer()).head(mediaUrl(key));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(png.length));
  });

  it('answers a JSON 404, not cacheable, for a missing file', async () => {
    const res = await request(app.getHttpServer()).get('/media/products/12/missing.png');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, error: 'Not Found', message: 'No such file.' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    '/media/../private/files/secret.pdf',
    '/media/..%2fprivate/files/secret.pdf',
    '/media/%2e%2e/private/files/secret.pdf',
    '/media/%2E%2E/%2E%2E/package.json',
    '/media/products/12/..%2f..%2f..%2fprivate/files/secret.pdf',
    '/media//private/files/secret.pdf',
    '/media/products//12/x.png',
    '/media/./products/12/x.png',
    '/media/products\\..\\..\\private\\files\\secret.pdf',
    '/media/%70rivate/files/x.txt',
    '/media/',
  ])('never serves %s (404)', async (rawPath) => {
    const res = await rawGet(app, rawPath);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('secret');
  });

  it('can never reach a private key: /media/private/… means public/private/…', async () => {
    expect((await request(app.getHttpServer()).get('/media/files/secret.pdf')).status).toBe(404);
    const res = await request(app.getHttpServer()).get('/media/private/files/x.txt');
    expect(res.text).toBe('not secret');
    expect(() => mediaUrl('private/files/secret.pdf')).toThrow();
  });

  it('is not claimed by the page catch-all for other paths, and /api stays no-store', async () => {
    const page = await request(app.getHttpServer()).get('/mediax/products/12/a.png');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const api = await request(app.getHttpServer()).get('/api/health');
    expect(api.headers['cache-control']).toBe('no-store');
  });

  describe('multipart sent to routes that do not take uploads', () => {
    it.each([
      ['/api/login', { email: 'customer@example.com', password: 'demo-customer-password' }],
      ['/api/register', { email: 'new@example.com', password: 'a long enough password 123' }],
      ['/api/newsletter', { email: 'news@example.com' }],
    ])('%s answers 422 (the form is not read) and signs nobody in', async (route, fields) => {
      let req = request(app.getHttpServer()).post(route);
      for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
      const res = await req.attach('file', Buffer.from('x'), 'x.txt');
      expect(res.status).toBe(422);
      expect(res.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^shop_session=/)]));
    });

    it('never answers 500 on any state-changing API route, even for an administrator', async () => {
      const server = app.getHttpServer();
      const login = await request(server).post('/api/login').send({ email: 'admin@example.com', password: 'demo-admin-password' });
      expect(login.status).toBe(200);
      const token = login.body.token as string;
      const document = (await request(server).get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
      const routes = Object.entries(document.paths).flatMap(([route, methods]) =>
        Object.keys(methods)
          .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => [method as 'post' | 'put' | 'patch' | 'delete', route.replace(/\{[^}]+\}/g, '999999')] as const),
      );
      expect(routes.length).toBeGreaterThan(5);
      for (const [method, route] of routes) {
        if (route.endsWith('/logout')) continue; // would revoke the token the rest use
        const res = await request(server)[method](route).set('Authorization', `Bearer ${token}`).field('name', 'x').attach('file', Buffer.from('x'), 'x.txt');
        expect([method, route, res.status]).toEqual([method, route, expect.any(Number)]);
        expect(res.status).toBeLessThan(500);
      }
    });

    it('answers a large multipart body without hanging or failing', async () => {
      const res = await request(app.getHttpServer()).post('/api/login').attach('file', Buffer.alloc(5 * 1024 * 1024, 7), 'big.bin');
      expect(res.status).toBe(422);
    });

    it('still answers text/plain and urlencoded with 415', async () => {
      const text = await request(app.getHttpServer()).post('/api/login').set('content-type', 'text/plain').send('email=a');
      expect(text.status).toBe(415);
      const form = await request(app.getHttpServer()).post('/api/login').type('form').send({ email: 'a@example.com', password: 'x' });
      expect(form.status).toBe(415);
    });
  });
});

describe(`GET /media with STORAGE_DRIVER=s3 (${databaseKind})`, () => {
  let peer: S3Peer;
  let shop: TestApp;

  beforeAll(async () => {
    peer = await startS3Peer();
    shop = await startTestApp(peer.env);
  });
  afterAll(async () => {
    await shop?.close();
    await peer?.close();
  });

  it('stores through FILE_STORAGE into the bucket and serves it from there', async () => {
    const storage = shop.app.get<FileStorage>(FILE_STORAGE);
    expect(storage).toBeInstanceOf(S3Storage);
    const key = newStorageKey('public', 'brands', 'webp');
    const bytes = randomBytes(5000);
    await storage.put(key, bytes, 'image/webp');

    // Really in the bucket: another client sees it.
    const other = new S3Storage({ bucket: peer.bucket, region: 'us-east-1', endpoint: peer.endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
    try {
      expect((await bytesOf((await other.get(key))!.body)).equals(bytes)).toBe(true);
    } finally {
      other.close();
    }

    const res = await request(shop.app.getHttpServer()).get(mediaUrl(key)).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect((res.body as Buffer).equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = res.headers['etag'] as string;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect((await request(shop.app.getHttpServer()).get(mediaUrl(key)).set('If-None-Match', etag)).status).toBe(304);
    expect((await request(shop.app.getHttpServer()).get('/media/brands/missing.webp')).status).toBe(404);
  });

  it('streams an uploaded product file into the bucket, and answers a range of it from there', async () => {
    const http = () => request(shop.app.getHttpServer());
    const admin = `Bearer ${(await http().post('/api/login').send({ email: 'admin@example.com', password: 'demo-admin-password' }).expect(200)).body.token as string}`;
    const product = (await http().post('/api/admin/products').set('Authorization', admin).send({ title: 'S3 pack', code: 'S3-PACK' }).expect(201)).body as { id: number };
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300_000), Buffer.from('\n%%EOF\n')]);
    const file = await http().post(`/api/admin/products/${product.id}/files`).set('Authorization', admin)
      .attach('file', pdf, { filename: 'pack.pdf', contentType: 'application/pdf' }).expect(201);
    const [row] = await shop.sql<{ storage_key: string }>('select storage_key from product_files where id = ?', [file.body.id]);
    const stored = await shop.app.get<FileStorage>(FILE_STORAGE).stat(row!.storage_key);
    expect(stored).toMatchObject({ size: pdf.length, contentType: 'application/pdf' });

    const part = await http().get(file.body.download_url as string).set('Authorization', admin).set('Range', 'bytes=100000-100099')
      .buffer(true).parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(206);
    expect((part.body as Buffer).equals(pdf.subarray(100_000, 100_100))).toBe(true);
    expect(part.headers['content-range']).toBe(`bytes 100000-100099/${pdf.length}`);
    expect(await readdir(path.join(shop.database.env.DATA_DIR, 'upload-spool'))).toEqual([]);
  });
});

describe('configuration', () => {
  it('stops start-up when STORAGE_DRIVER=s3 has no S3_BUCKET', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-config-'));
    try {
      const env = loadEnvironment({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, STORAGE_DRIVER: 's3' });
      const started = createShopApp(env);
      await expect(started).rejects.toBeInstanceOf(ConfigurationError);
      await expect(started).rejects.toThrow(/STORAGE_DRIVER=s3 needs S3_BUCKET/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
