import request from 'supertest';
import { FILE_STORAGE, type FileStorage } from '../../src/platform/storage/file-storage.port.js';
import { createProduct, type CreatedProduct } from '../support/catalogue-fixtures.js';
import { GOOD_PASSWORD, nextIp, uniqueEmail } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

const DAY = 86_400_000;
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** Shared by both describes: sign-in helpers against one running shop. */
function clientOf(shop: () => TestApp) {
  const http = () => request(shop().app.getHttpServer());
  const login = async (email: string, password: string) => {
    const res = await http().post('/api/login').set('X-Forwarded-For', nextIp()).send({ email, password }).expect(200);
    return `Bearer ${res.body.token as string}`;
  };
  const register = async () => {
    const res = await http().post('/api/register').set('X-Forwarded-For', nextIp()).send({
      first_name: 'Pat', last_name: 'Previewer', email: uniqueEmail('preview'), password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD,
    }).expect(201);
    return { auth: `Bearer ${res.body.token as string}`, id: res.body.user.id as number };
  };
  return { http, login, register };
}

describe(`previews API (${databaseKind})`, () => {
  let shop: TestApp;
  const { http, login, register } = clientOf(() => shop);
  let admin: string;
  let customer: string;
  let other: { auth: string; id: number };
  let withPreview: CreatedProduct;
  let stored: CreatedProduct;
  let noVideo: CreatedProduct;
  let draft: CreatedProduct;

  const requestPreview = (auth: string, productId: unknown) => http().post('/api/previews').set('Authorization', auth).send({ product_id: productId });

  beforeAll(async () => {
    shop = await startTestApp();
    admin = await login('admin@example.com', 'demo-admin-password');
    customer = await login('customer@example.com', 'demo-customer-password');
    other = await register();
    withPreview = await createProduct(shop.sql, { title: 'Manual Handling Training DVD', previewVideoUrl: YOUTUBE });
    noVideo = await createProduct(shop.sql, { title: 'Ladder Safety Poster' });
    draft = await createProduct(shop.sql, { title: 'Draft with a preview', status: 'draft', previewVideoUrl: YOUTUBE });
    stored = await createProduct(shop.sql, { title: 'Fire Marshal Essentials' });
    await shop.app.get<FileStorage>(FILE_STORAGE).put('private/videos/fire-marshal-preview.mp4', Buffer.from('not really an mp4'), 'video/mp4');
    await shop.sql(`insert into product_videos (product_id, title, storage_key, is_preview) values (?, 'Fire Marshal preview', 'private/videos/fire-marshal-preview.mp4', true)`, [stored.id]);
  });
  afterAll(() => shop.close());

  describe('POST /api/previews', () => {
    it('approves a preview at once by default, for 7 days, with a watch link; asking again answers the same preview', async () => {
      const before = Date.now();
      const res = await requestPreview(customer, withPreview.id).expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        product: { id: withPreview.id, slug: withPreview.slug, title: 'Manual Handling Training DVD' },
        state: 'active',
        requested_at: expect.any(String),
        approved_at: expect.any(String),
        expires_at: expect.any(String),
        watch_url: `/account/previews/${res.body.id}`,
      });
      const expires = Date.parse(res.body.expires_at) - Date.parse(res.body.approved_at);
      expect(expires).toBe(7 * DAY);
      expect(Date.parse(res.body.approved_at)).toBeGreaterThanOrEqual(before - 1000);

      const again = await requestPreview(customer, withPreview.id).expect(200);
      expect(again.body).toEqual(res.body);
      expect(await shop.sql('select id from previews where product_id = ?', [withPreview.id])).toHaveLength(1);
    });

    it('makes one preview when the same request races itself', async () => {
      const product = await createProduct(shop.sql, { previewVideoUrl: YOUTUBE });
      const answers = await Promise.all([1, 2, 3].map(() => requestPreview(other.auth, product.id)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    });

    it('refuses products without a preview video, drafts, unknown products and bad input with 422 on product_id', async () => {
      const noVideoRes = await requestPreview(customer, noVideo.id).expect(422);
      expect(noVideoRes.body.errors).toEqual({ product_id: ['This product has no preview video.'] });
      const draftRes = await requestPreview(customer, draft.id).expect(422);
      expect(draftRes.body.errors).toEqual({ product_id: ['No published product has that id.'] });
      await requestPreview(customer, 2_000_000_000).expect(422);
      for (const bad of ['abc', -1, 1.5, null, 99_999_999_999]) {
        const res = await requestPreview(customer, bad).expect(422);
        expect(res.body.errors.product_id).toBeDefined();
      }
      await http().post('/api/previews').set('Authorization', customer).send({ product_id: withPreview.id, user_id: 1 }).expect(422);
      expect(await shop.sql('select id from previews where product_id in (?, ?)', [noVideo.id, draft.id])).toHaveLength(0);
    });

    it('needs a signed-in user', async () => {
      await http().post('/api/previews').send({ product_id: withPreview.id }).expect(401);
      await http().get('/api/previews').expect(401);
    });

    it('limits each customer to 20 requests an hour', async () => {
      const busy = await register();
      for (let i = 0; i < 20; i += 1) expect((await requestPreview(busy.auth, withPreview.id)).status).toBeLessThan(300);
      const res = await requestPreview(busy.auth, withPreview.id).expect(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      await requestPreview(customer, withPreview.id).expect(200); // others are not affected
    });
  });

  describe('GET /api/previews and expiry', () => {
    it('lists only the customer\'s own previews', async () => {
      const mine = await http().get('/api/previews').set('Authorization', customer).expect(200);
      expect(mine.body.map((p: { product: { id: number } }) => p.product.id)).toContain(withPreview.id);
      const fresh = await register();
      expect((await http().get('/api/previews').set('Authorization', fresh.auth).expect(200)).body).toEqual([]);
    });

    it('shows an expired preview as expired without a watch link, and starts it again on a new request', async () => {
      const product = await createProduct(shop.sql, { previewVideoUrl: YOUTUBE });
      const first = await requestPreview(customer, product.id).expect(201);
      await shop.sql(`update previews set approved_at = now() - interval '8 days', expires_at = now() - interval '1 day' where id = ?`, [first.body.id]);

      const listed = (await http().get('/api/previews').set('Authorization', customer).expect(200)).body.find((p: { id: number }) => p.id === first.body.id);
      expect(listed).toMatchObject({ state: 'expired', watch_url: null });

      const renewed = await requestPreview(customer, product.id).expect(201);
      expect(renewed.body).toMatchObject({ id: first.body.id, state: 'active', watch_url: `/account/previews/${first.body.id}` });
      expect(Date.parse(renewed.body.expires_at)).toBeGreaterThan(Date.now() + 6 * DAY);
    });

    it('keeps a revoked preview revoked when the customer asks again', async () => {
      const product = await createProduct(shop.sql, { previewVideoUrl: YOUTUBE });
      const first = await requestPreview(customer, product.id).expect(201);
      await http().post(`/api/admin/previews/${first.body.id}/revoke`).set('Authorization', admin).expect(200);
      const again = await requestPreview(customer, product.id).expect(200);
      expect(again.body).toMatchObject({ id: first.body.id, state: 'revoked', watch_url: null });
    });

    it('stops offering the watch link once the product is unpublished', async () => {
      const product = await createProduct(shop.sql, { previewVideoUrl: YOUTUBE });
      const first = await requestPreview(customer, product.id).expect(201);
      await shop.sql(`update products set status = 'draft' where id = ?`, [product.id]);
      const listed = (await http().get('/api/previews').set('Authorization', customer).expect(200)).body.find((p: { id: number }) => p.id === first.body.id);
      expect(listed).toMatchObject({ state: 'active', watch_url: null });
    });
  });

  describe('GET /api/previews/{id}/video (a stored preview video)', () => {
    let previewId: number;
    beforeAll(async () => {
      previewId = (await requestPreview(customer, stored.id).expect(201)).body.id;
    });

    it('streams the video to its owner, privately', async () => {
      const res = await http().get(`/api/previews/${previewId}/video`).set('Authorization', customer).buffer(true).parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['content-length']).toBe('17');
      expect((res.body as Buffer).toString()).toBe('not really an mp4');
    });

    it('answers a Range with 206 and only those bytes, so a player can seek; 416 past the end', async () => {
      const video = (range: string, auth = customer) => http().get(`/api/previews/${previewId}/video`).set('Authorization', auth).set('Range', range)
        .buffer(true).parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      const middle = await video('bytes=4-9').expect(206);
      expect((middle.body as Buffer).toString()).toBe('really');
      expect(middle.headers).toMatchObject({
        'content-range': 'bytes 4-9/17', 'content-length': '6', 'accept-ranges': 'bytes', 'content-type': 'video/mp4', 'cache-control': 'private, no-store',
      });
      const fromStart = await video('bytes=0-').expect(206); // what a <video> element asks for first
      expect((fromStart.body as Buffer).toString()).toBe('not really an mp4');
      expect(fromStart.headers['content-range']).toBe('bytes 0-16/17');
      expect(((await video('bytes=-3').expect(206)).body as Buffer).toString()).toBe('mp4');
      expect(((await video('bytes=11-1000').expect(206)).body as Buffer).toString()).toBe('an mp4');

      const past = await http().get(`/api/previews/${previewId}/video`).set('Authorization', customer).set('Range', 'bytes=17-').expect(416);
      expect(past.headers['content-range']).toBe('bytes */17');
      // A range never gets round the owner check.
      await video('bytes=0-3', other.auth).expect(404);
      // A header we do not understand (several ranges) is ignored, as RFC 9110 says: the whole video.
      expect(((await video('bytes=0-1,4-5').expect(200)).body as Buffer).toString()).toBe('not really an mp4');
    });

    it('is a 404 for anyone else, for an unknown id, and a 401 when signed out', async () => {
      await http().get(`/api/previews/${previewId}/video`).set('Authorization', other.auth).expect(404);
      await http().get(`/api/previews/${previewId}/video`).set('Authorization', admin).expect(404);
      await http().get('/api/previews/999999/video').set('Authorization', customer).expect(404);
      await http().get('/api/previews/abc/video').set('Authorization', customer).expect(404);
      await http().get(`/api/previews/${previewId}/video`).expect(401);
    });

    it('is a 404 once the preview has expired, and for an external video', async () => {
      const external = (await http().get('/api/previews').set('Authorization', customer)).body.find((p: { product: { id: number } }) => p.product.id === withPreview.id);
      await http().get(`/api/previews/${external.id}/video`).set('Authorization', customer).expect(404);
      await shop.sql(`update previews set expires_at = now() - interval '1 minute' where id = ?`, [previewId]);
      await http().get(`/api/previews/${previewId}/video`).set('Authorization', customer).expect(404);
      await shop.sql(`update previews set expires_at = now() + interval '7 days' where id = ?`, [previewId]);
    });
  });

  describe('pages', () => {
    const page = (path: string, auth?: string) => {
      const req = http().get(path).set('Accept', 'text/html');
      return auth ? req.set('Authorization', auth) : req;
    };
    let watchable: { id: number };
    beforeAll(async () => {
      const product = await createProduct(shop.sql, { title: 'Slips, Trips and Falls', previewVideoUrl: YOUTUBE });
      watchable = (await requestPreview(customer, product.id).expect(201)).body;
    });

    it('/account/previews lists the customer\'s previews with their state and watch links', async () => {
      const res = await page('/account/previews', customer).expect(200);
      expect(res.text).toContain('<title>Your previews');
      expect(res.text).toContain('Slips, Trips and Falls');
      expect(res.text).toContain(`href="/account/previews/${watchable.id}"`);
      expect(res.text).toContain('data-preview-state="active"');
      expect(res.text).toContain('data-preview-state="revoked"');
      expect(res.text).toContain('href="/account/previews"'); // the account navigation
    });

    it('/account/previews sends anonymous visitors to sign in', async () => {
      const res = await page('/account/previews').expect(302);
      expect(res.headers.location).toBe('/login?redirect=%2Faccount%2Fpreviews');
      const watch = await page(`/account/previews/${watchable.id}`).expect(302);
      expect(watch.headers.location).toBe(`/login?redirect=%2Faccount%2Fpreviews%2F${watchable.id}`);
    });

    it('/account/previews/{id} embeds an external video for its owner, which the CSP allows as a frame', async () => {
      const res = await page(`/account/previews/${watchable.id}`, customer).expect(200);
      expect(res.text).toContain('<title>Preview: Slips, Trips and Falls');
      expect(res.text).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
      expect(res.headers['content-security-policy']).toMatch(/frame-src 'self' https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com/);
    });

    it('/account/previews/{id} plays a stored video through the checked API route', async () => {
      const [row] = await shop.sql<{ id: number }>('select id from previews where product_id = ? and user_id = (select id from users where email = ?)', [stored.id, 'customer@example.com']);
      const res = await page(`/account/previews/${row!.id}`, customer).expect(200);
      expect(res.text).toContain(`src="/api/previews/${row!.id}/video"`);
    });

    it('/account/previews/{id} is a 404 for another customer, an administrator and unknown ids', async () => {
      for (const [path, auth] of [
        [`/account/previews/${watchable.id}`, other.auth], [`/account/previews/${watchable.id}`, admin],
        ['/account/previews/999999', customer], ['/account/previews/abc', customer], ['/account/previews/0', customer],
      ] as const) {
        const res = await page(path, auth).expect(404);
        expect(res.text).not.toContain('youtube-nocookie');
      }
    });

    it('/account/previews/{id} explains, without the video, why an expired or withdrawn preview cannot be watched', async () => {
      await shop.sql(`update previews set expires_at = now() - interval '1 hour' where id = ?`, [watchable.id]);
      const expired = await page(`/account/previews/${watchable.id}`, customer).expect(200);
      expect(expired.text).toContain('data-preview-unavailable="expired"');
      expect(expired.text).toContain('You can request it again');
      expect(expired.text).not.toContain('youtube-nocookie.com/embed');

      await http().post(`/api/admin/previews/${watchable.id}/revoke`).set('Authorization', admin).expect(200);
      const revoked = await page(`/account/previews/${watchable.id}`, customer).expect(200);
      expect(revoked.text).toContain('data-preview-unavailable="revoked"');
      expect(revoked.text).not.toContain('youtube-nocookie.com/embed');
    });
  });

  describe('admin endpoints', () => {
    let pendingId: number;
    beforeAll(async () => {
      const product = await createProduct(shop.sql, { title: 'Pending preview product', previewVideoUrl: YOUTUBE });
      const [row] = await shop.sql<{ id: number }>(
        `insert into previews (product_id, user_id, status) values (?, ?, 'pending') returning id`, [product.id, other.id],
      );
      pendingId = row!.id;
    });

    it('are for administrators only', async () => {
      for (const [method, path] of [
        ['get', '/api/admin/previews'], ['get', `/api/admin/users/${other.id}/previews`], ['post', `/api/admin/previews/${pendingId}/approve`],
        ['post', `/api/admin/previews/${pendingId}/revoke`], ['post', `/api/admin/previews/${pendingId}/extend`],
      ] as const) {
        await http()[method](path).send({ days: 3 }).expect(401);
        await http()[method](path).set('Authorization', customer).send({ days: 3 }).expect(403);
      }
      expect((await shop.sql<{ status: string }>('select status from previews where id = ?', [pendingId]))[0]!.status).toBe('pending');
    });

    it('lists previews newest first, filtered by state, user and product, with names', async () => {
      const all = await http().get('/api/admin/previews').set('Authorization', admin).expect(200);
      expect(all.body.meta).toMatchObject({ page: 1, per_page: 25 });
      expect(all.body.data[0]).toMatchObject({ id: pendingId, state: 'pending', user: { id: other.id, name: 'Pat Previewer' }, product: { title: 'Pending preview product', status: 'published' } });

      const pending = await http().get('/api/admin/previews').query({ state: 'pending' }).set('Authorization', admin).expect(200);
      expect(pending.body.data.map((p: { id: number }) => p.id)).toEqual([pendingId]);
      const revoked = await http().get('/api/admin/previews').query({ state: 'revoked' }).set('Authorization', admin).expect(200);
      expect(revoked.body.data.every((p: { state: string }) => p.state === 'revoked')).toBe(true);
      const byProduct = await http().get('/api/admin/previews').query({ product_id: withPreview.id, per_page: 100 }).set('Authorization', admin).expect(200);
      expect(byProduct.body.data.every((p: { product: { id: number } }) => p.product.id === withPreview.id)).toBe(true);
      const byUser = await http().get('/api/admin/previews').query({ user_id: other.id, state: 'active' }).set('Authorization', admin).expect(200);
      expect(byUser.body.data.every((p: { user: { id: number }; state: string }) => p.user.id === other.id && p.state === 'active')).toBe(true);

      for (const bad of [{ state: 'approved' }, { user_id: 'x' }, { per_page: 101 }, { page: 0 }]) {
        await http().get('/api/admin/previews').query(bad).set('Authorization', admin).expect(422);
      }
    });

    it('lists a user\'s previews for the user page\'s tab', async () => {
      const res = await http().get(`/api/admin/users/${other.id}/previews`).set('Authorization', admin).expect(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(res.body.data.every((p: { user: { id: number } }) => p.user.id === other.id)).toBe(true);
      await http().get('/api/admin/users/999999/previews').set('Authorization', admin).expect(404);
    });

    it('approves, extends and revokes', async () => {
      await http().post(`/api/admin/previews/${pendingId}/extend`).set('Authorization', admin).send({ days: 3 }).expect(409);

      const approved = await http().post(`/api/admin/previews/${pendingId}/approve`).set('Authorization', admin).expect(200);
      expect(approved.body.state).toBe('active');
      expect(Date.parse(approved.body.expires_at) - Date.parse(approved.body.approved_at)).toBe(7 * DAY);
      const unchanged = await http().post(`/api/admin/previews/${pendingId}/approve`).set('Authorization', admin).expect(200);
      expect(unchanged.body.expires_at).toBe(approved.body.expires_at);

      const extended = await http().post(`/api/admin/previews/${pendingId}/extend`).set('Authorization', admin).send({ days: 10 }).expect(200);
      expect(Date.parse(extended.body.expires_at) - Date.parse(approved.body.expires_at)).toBe(10 * DAY);
      for (const days of [0, 91, 'x', 2.5, null]) {
        const res = await http().post(`/api/admin/previews/${pendingId}/extend`).set('Authorization', admin).send({ days }).expect(422);
        expect(res.body.errors.days).toBeDefined();
      }
      await http().post(`/api/admin/previews/${pendingId}/extend`).set('Authorization', admin).send({}).expect(422);

      const revoked = await http().post(`/api/admin/previews/${pendingId}/revoke`).set('Authorization', admin).expect(200);
      expect(revoked.body.state).toBe('revoked');
      await http().post(`/api/admin/previews/${pendingId}/extend`).set('Authorization', admin).send({ days: 3 }).expect(409);
      const reapproved = await http().post(`/api/admin/previews/${pendingId}/approve`).set('Authorization', admin).expect(200);
      expect(reapproved.body.state).toBe('active');
    });

    it('extends an expired preview from now', async () => {
      await shop.sql(`update previews set expires_at = now() - interval '3 days' where id = ?`, [pendingId]);
      const res = await http().post(`/api/admin/previews/${pendingId}/extend`).set('Authorization', admin).send({ days: 2 }).expect(200);
      expect(res.body.state).toBe('active');
      expect(Math.abs(Date.parse(res.body.expires_at) - (Date.now() + 2 * DAY))).toBeLessThan(60_000);
    });

    it('answers 404 for unknown previews', async () => {
      for (const action of ['approve', 'revoke']) {
        await http().post(`/api/admin/previews/999999/${action}`).set('Authorization', admin).expect(404);
        await http().post(`/api/admin/previews/abc/${action}`).set('Authorization', admin).expect(404);
      }
      await http().post('/api/admin/previews/999999/extend').set('Authorization', admin).send({ days: 3 }).expect(404);
    });
  });
});

describe(`previews with PREVIEW_AUTO_APPROVE=false (${databaseKind})`, () => {
  let shop: TestApp;
  const { http, login } = clientOf(() => shop);

  beforeAll(async () => {
    shop = await startTestApp({ PREVIEW_AUTO_APPROVE: 'false' });
  });
  afterAll(() => shop.close());

  it('leaves a request pending, without a watch link, until an administrator approves it', async () => {
    const customer = await login('customer@example.com', 'demo-customer-password');
    const admin = await login('admin@example.com', 'demo-admin-password');
    const product = await createProduct(shop.sql, { previewVideoUrl: YOUTUBE });
    const res = await http().post('/api/previews').set('Authorization', customer).send({ product_id: product.id }).expect(201);
    expect(res.body).toMatchObject({ state: 'pending', approved_at: null, expires_at: null, watch_url: null });

    await http().post(`/api/admin/previews/${res.body.id}/approve`).set('Authorization', admin).expect(200);
    const [listed] = (await http().get('/api/previews').set('Authorization', customer).expect(200)).body;
    expect(listed).toMatchObject({ id: res.body.id, state: 'active', watch_url: `/account/previews/${res.body.id}` });

    // An expired preview asked for again waits for approval again.
    await shop.sql(`update previews set expires_at = now() - interval '1 day' where id = ?`, [res.body.id]);
    const again = await http().post('/api/previews').set('Authorization', customer).send({ product_id: product.id }).expect(201);
    expect(again.body).toMatchObject({ id: res.body.id, state: 'pending', watch_url: null });
  });
});
