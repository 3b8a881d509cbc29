import { readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { postStreamedUpload } from '../support/streamed-upload.js';
import { createSeededTestDatabase, startTestApp } from '../support/test-app.js';
import { databaseKind, type TestDatabase } from '../support/test-database.js';

const MB = 1024 * 1024;
/** The video limit (UPLOAD_MAX_BYTES.video). */
const VIDEO_LIMIT = 200 * MB;
/** Issue 16: a 200 MB upload may grow the server's RSS by at most this much. */
const RSS_GROWTH_LIMIT_MB = 50;
/** Issue 25: six images at the pixel ceiling uploaded at once, decoded one at a time, may grow it by at most this much. */
const IMAGE_BURST_GROWTH_LIMIT_MB = 80;
// The smallest thing file-type recognises as MP4: an ftyp box with the mp42 brand.
const MP4_HEADER = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom')]);

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/**
 * The process's RSS once it has stopped moving (within 4 MB for 1.5 s; at most 20 s): a server on PGlite climbs by
 * some 400 MB in its first seconds and then drops back as V8 collects the start-up garbage, whatever it serves.
 */
async function settledRss(pid: number): Promise<number> {
  const window: number[] = [];
  const deadline = Date.now() + 20_000;
  for (;;) {
    window.push(rssMb(pid));
    if (window.length > 15) window.shift();
    if (window.length === 15 && (Math.max(...window) - Math.min(...window) < 4 || Date.now() > deadline)) {
      return [...window].sort((a, b) => a - b)[7]!;
    }
    await sleep(100);
  }
}

/** Samples the process's RSS every 10 ms while `work` runs; answers the work's result and the peak. */
async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMb(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, rssMb(pid));
      await sleep(10);
    }
  })();
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssMb(pid)) };
  } finally {
    running = false;
    await sampler;
  }
}

function uploadVideo(url: string, token: string, size: number) {
  return postStreamedUpload(url, { head: MP4_HEADER, size, filename: 'induction.mp4', contentType: 'video/mp4', fields: { title: 'Induction' }, authorization: `Bearer ${token}` });
}

async function json(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Every stored file under `folder` (recursively; not the `~content-type` sidecars) with its size. */
async function filesUnder(folder: string): Promise<Array<{ file: string; size: number }>> {
  const entries = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
  const files = [];
  for (const entry of entries) {
    const info = await stat(path.join(folder, entry));
    if (info.isFile() && !entry.endsWith('~content-type')) files.push({ file: entry, size: info.size });
  }
  return files;
}

/**
 * Issue 16: a 200 MB upload to the built server (a separate process, as `make start` runs it) is streamed, so
 * the server's RSS grows by less than 50 MB; one byte over the limit is refused with 422 and leaves nothing.
 */
describe(`a 200 MB upload to the server process (${databaseKind})`, () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let token: string;
  let productId: number;
  let pid: number;

  beforeAll(async () => {
    // Migrated and seeded (the demo accounts) in this process, which is quicker than two CLI runs, then closed:
    // an embedded database takes one process at a time.
    database = await createSeededTestDatabase();
    await (await startTestApp({}, { database })).close();
    server = await startServerProcess(database.env);
    pid = server.child.pid!;
    const login = await json(`${server.url}/api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'demo-admin-password' }),
    });
    token = login.token as string;
    const product = await json(`${server.url}/api/admin/products`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ title: 'Site induction', code: 'UPLOAD-MEM' }),
    });
    productId = product.id as number;
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const videos = () => `${server.url}/api/admin/products/${productId}/videos`;
  const videoFolder = () => path.join(database.env.DATA_DIR, 'files/private/products', String(productId), 'videos');

  it('stores it with the server\'s RSS growing by less than 50 MB, and refuses one byte more with 422, storing nothing', async () => {
    // Warm up the route (the first request loads code and fills caches), then wait for the baseline.
    expect((await uploadVideo(videos(), token, 4096)).status).toBe(201);
    const baseline = await settledRss(pid);
    const before = await filesUnder(videoFolder());

    const started = performance.now();
    const stored = await peakDuring(pid, () => uploadVideo(videos(), token, VIDEO_LIMIT));
    const seconds = (performance.now() - started) / 1000;
    expect(stored.result).toMatchObject({ status: 201, body: { title: 'Induction', uploaded: true } });
    const after = await filesUnder(videoFolder());
    const added = after.filter((file) => !before.some((old) => old.file === file.file));
    expect(added).toEqual([{ file: expect.stringMatching(/^[A-Za-z0-9_-]+\.mp4$/), size: VIDEO_LIMIT }]);

    const refused = await peakDuring(pid, () => uploadVideo(videos(), token, VIDEO_LIMIT + 1));
    expect(refused.result).toMatchObject({ status: 422, body: { errors: { file: ['The file may be at most 200 MB.'] } } });
    expect(await filesUnder(videoFolder())).toEqual(after);
    expect(await filesUnder(path.join(database.env.DATA_DIR, 'upload-spool'))).toEqual([]);

    const growth = Math.max(stored.peak, refused.peak) - baseline;
    // The figures ADR 0028 records.
    console.log(JSON.stringify({
      database: databaseKind, upload_mb: VIDEO_LIMIT / MB, seconds: +seconds.toFixed(2), rss_baseline_mb: +baseline.toFixed(1),
      rss_peak_stored_mb: +stored.peak.toFixed(1), rss_peak_refused_mb: +refused.peak.toFixed(1), rss_growth_mb: +growth.toFixed(1),
      vm_hwm_mb: +rssMb(pid, 'VmHWM').toFixed(1),
    }));
    expect(growth).toBeLessThan(RSS_GROWTH_LIMIT_MB);
  });
  it('sends a 200 MB product file back whole, the server\'s RSS again growing by less than 50 MB (issue 13)', async () => {
    const uploaded = await postStreamedUpload(`${server.url}/api/admin/products/${productId}/files`, {
      head: MP4_HEADER, size: VIDEO_LIMIT, filename: 'induction-full.mp4', contentType: 'video/mp4', fields: { name: 'Induction (full film)' }, authorization: `Bearer ${token}`,
    });
    expect(uploaded.status).toBe(201);
    const fileId = uploaded.body.id as number;
    const url = `${server.url}/api/admin/products/${productId}/files/${fileId}/download`;
    const read = async (range?: string) => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, ...(range ? { range } : {}) } });
      expect(res.status).toBe(range ? 206 : 200);
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      return bytes;
    };
    const readAll = () => read();
    // Warm-up on the first megabyte only: a whole download first would leave RSS at its plateau and hide the growth.
    expect(await read('bytes=0-1048575')).toBe(MB);
    const baseline = await settledRss(pid);
    const downloaded = await peakDuring(pid, readAll);
    expect(downloaded.result).toBe(VIDEO_LIMIT);
    const growth = downloaded.peak - baseline;
    console.log(JSON.stringify({ database: databaseKind, download_mb: VIDEO_LIMIT / MB, rss_baseline_mb: +baseline.toFixed(1), rss_peak_mb: +downloaded.peak.toFixed(1), rss_growth_mb: +growth.toFixed(1) }));
    expect(growth).toBeLessThan(RSS_GROWTH_LIMIT_MB);
  });
});

/**
 * Issue 25: image bombs, against the built server with the memory settings `shop serve` gives it (ADR 0027: one
 * malloc arena, a capped heap). A bomb is refused from its header, before any decoding; photos at the pixel ceiling
 * are decoded one at a time, so six at once cost what one costs rather than six times that.
 */
describe(`image uploads to the server process as \`shop serve\` runs it (${databaseKind})`, () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let token: string;
  let productId: number;
  let pid: number;

  beforeAll(async () => {
    database = await createSeededTestDatabase();
    await (await startTestApp({}, { database })).close();
    server = await startServerProcess({ ...database.env, MALLOC_ARENA_MAX: '1', NODE_OPTIONS: '--max-old-space-size=144 --max-semi-space-size=8' });
    pid = server.child.pid!;
    const login = await json(`${server.url}/api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'demo-admin-password' }),
    });
    token = login.token as string;
    const product = await json(`${server.url}/api/admin/products`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ title: 'Ladder safety', code: 'IMAGE-BOMB' }),
    });
    productId = product.id as number;
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('refuses six image bombs sent at once with 422 before decoding them, and decodes six 24 MP photos one at a time (issue 25)', async () => {
    // Solid colour compresses to almost nothing: a few hundred KB declaring 6300 × 6300 (39.7 MP), as in issue 25.
    const pngOf = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2a6f97' } }).png({ compressionLevel: 9 }).toBuffer();
    const [bomb, photo] = await Promise.all([pngOf(6300, 6300), pngOf(6000, 4000)]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const upload = async (png: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
      const res = await fetch(`${server.url}/api/admin/products/${productId}/images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const sixAtOnce = (png: Buffer) => peakDuring(pid, () => Promise.all(Array.from({ length: 6 }, () => upload(png))));
    const imageCount = async () => ((await json(`${server.url}/api/admin/products/${productId}`, { headers: { authorization: `Bearer ${token}` } })).images as unknown[]).length;
    // Warm-up: one small image loads sharp and the route.
    expect((await upload(await pngOf(64, 64))).status).toBe(201);
    const before = await imageCount();

    const bombBaseline = await settledRss(pid);
    const bombs = await sixAtOnce(bomb);
    for (const answer of bombs.result) {
      expect(answer).toMatchObject({ status: 422, body: { errors: { file: [expect.stringContaining('at most 24 million pixels (e.g. 6000 × 4000); this one has 6300 × 6300')] } } });
    }
    expect(await imageCount()).toBe(before);

    const photoBaseline = await settledRss(pid);
    const photos = await sixAtOnce(photo);
    for (const answer of photos.result) expect(answer).toMatchObject({ status: 201, body: { width: 2400, height: 1600 } });
    const settled = await settledRss(pid);
    const figures = {
      database: databaseKind, bomb_png_kb: Math.round(bomb.length / 1024), photo_png_kb: Math.round(photo.length / 1024),
      bombs_rss_baseline_mb: +bombBaseline.toFixed(1), bombs_rss_peak_mb: +bombs.peak.toFixed(1),
      photos_rss_baseline_mb: +photoBaseline.toFixed(1), photos_rss_peak_mb: +photos.peak.toFixed(1), photos_rss_settled_mb: +settled.toFixed(1),
    };
    // The figures ADR 0035 records.
    console.log(JSON.stringify(figures));
    // Refused from the header alone: nothing was decoded, so nothing grew (a decoded bomb is ~50 MB each).
    expect(bombs.peak - bombBaseline).toBeLessThan(15);
    expect(photos.peak - photoBaseline).toBeLessThan(IMAGE_BURST_GROWTH_LIMIT_MB);
  });

});
