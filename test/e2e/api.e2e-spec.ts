import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

describe(`REST API foundation (${databaseKind})`, () => {
  let shop: TestApp;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    shop = await startTestApp();
    http = request(shop.app.getHttpServer());
  });
  afterAll(() => shop.close());

  describe('operations', () => {
    it('answers liveness', async () => {
      const res = await http.get('/api/health').expect(200);
      expect(res.body).toEqual({ status: 'ok' });
    });

    it('answers readiness when the database answers', async () => {
      const res = await http.get('/api/ready').expect(200);
      expect(res.body).toEqual({ status: 'ready', database: 'ok' });
    });

    it('gives every answer a request id, and keeps a well-formed one from the caller', async () => {
      const fresh = await http.get('/api/health');
      expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const kept = await http.get('/api/health').set('X-Request-Id', 'trace-abc.123');
      expect(kept.headers['x-request-id']).toBe('trace-abc.123');
      const replaced = await http.get('/api/health').set('X-Request-Id', 'bad id with spaces');
      expect(replaced.headers['x-request-id']).not.toBe('bad id with spaces');
    });
  });

  describe('widgets (seed: GET /api/widget?name=)', () => {
    it('returns {id, html} of a widget by name', async () => {
      const res = await http.get('/api/widget').query({ name: 'home-intro' }).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['html', 'id']);
      expect(res.body.id).toEqual(expect.any(Number));
      expect(res.body.html).toContain('Health and safety training that people remember');
    });

    it('answers 404 in the error shape for an unknown name', async () => {
      const res = await http.get('/api/widget').query({ name: 'no-such-widget' }).expect(404);
      expect(res.body).toMatchObject({ status: 404, error: 'Not Found', message: 'Widget "no-such-widget" was not found.' });
      expect(res.body.request_id).toBe(res.headers['x-request-id']);
    });

    it('answers 422 with the field and the reason for a missing or malformed name', async () => {
      const missing = await http.get('/api/widget').expect(422);
      expect(missing.body).toMatchObject({ status: 422, message: 'The given data was invalid.' });
      expect(missing.body.errors.name).toEqual(expect.arrayContaining([expect.stringMatching(/must be text/)]));

      const malformed = await http.get('/api/widget').query({ name: "x' or 1=1 --" }).expect(422);
      expect(malformed.body.errors.name[0]).toMatch(/lower-case letters, digits and dashes/);
    });

    it('refuses query fields it does not know', async () => {
      const res = await http.get('/api/widget').query({ name: 'home-intro', admin: '1' }).expect(422);
      expect(res.body.errors).toEqual({ admin: ['admin is not an accepted field.'] });
    });
  });

  describe('unknown routes', () => {
    it.each(['get', 'post', 'delete'] as const)('answers %s on an unknown /api route with a JSON 404', async (method) => {
      const res = await http[method]('/api/no/such/thing').expect(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toMatchObject({ status: 404, error: 'Not Found' });
    });
  });

  describe('request bodies', () => {
    it('refuses a JSON body over 1 MB with 413', async () => {
      const big = JSON.stringify({ text: 'x'.repeat(1_100_000) });
      const res = await http.post('/api/no-such-endpoint').set('content-type', 'application/json').send(big).expect(413);
      expect(res.body).toMatchObject({ status: 413, error: 'Payload Too Large' });
    });

    it('refuses prototype-poisoning bodies', async () => {
      const res = await http
        .post('/api/no-such-endpoint')
        .set('content-type', 'application/json')
        .send('{"__proto__": {"role": "admin"}}')
        .expect(400);
      expect(res.body).toMatchObject({ status: 400 });
      const ctor = await http
        .post('/api/no-such-endpoint')
        .set('content-type', 'application/json')
        .send('{"constructor": {"prototype": {"role": "admin"}}}')
        .expect(400);
      expect(ctor.body).toMatchObject({ status: 400 });
    });

    it('answers malformed JSON with 400 in the error shape, never a stack trace', async () => {
      const res = await http.post('/api/no-such-endpoint').set('content-type', 'application/json').send('{"a":').expect(400);
      expect(res.body).toMatchObject({ status: 400, error: 'Bad Request' });
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js:\d+/);
    });
  });

  describe('security baseline', () => {
    it('sends security headers and no X-Powered-By', async () => {
      const res = await http.get('/api/health');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // The same rule for browsers that read only the older header (issue 25: it said SAMEORIGIN).
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // Served over plain HTTP here: HSTS is only sent when PUBLIC_URL is https.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('marks API answers no-store', async () => {
      expect((await http.get('/api/widget').query({ name: 'home-intro' })).headers['cache-control']).toBe('no-store');
      expect((await http.get('/api/widget').query({ name: 'nope' })).headers['cache-control']).toBe('no-store');
    });

    it('keeps CORS closed: no cross-origin grant, preflight not answered', async () => {
      const res = await http.get('/api/health').set('Origin', 'https://evil.example');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await http
        .options('/api/widget')
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.status).toBeGreaterThanOrEqual(400);
    });

    it.each([
      '/package.json',
      '/.env',
      '/tsconfig.json',
      '/src/main.ts',
      '/dist/src/main.js',
      '/var/db/PG_VERSION',
      '/.vite/manifest.json',
      '/server/entry.mjs',
      '/assets/../../../package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
    ])('never serves %s', async (path) => {
      const res = await http.get(path);
      expect(res.status).toBe(404);
      expect(res.text).not.toMatch(/"dependencies"|DATABASE_URL|PostgreSQL|sourceMappingURL|"version": ?3/);
    });

    it('serves no source maps with the built assets', async () => {
      const home = await http.get('/').expect(200);
      const assets = [...home.text.matchAll(/href="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
      expect(assets.filter((a) => a.endsWith('.js')).length).toBeGreaterThan(0);
      expect(assets.filter((a) => a.endsWith('.css')).length).toBeGreaterThan(0);
      for (const asset of assets) {
        const res = await http.get(asset).expect(200);
        expect(res.headers['cache-control']).toContain('immutable');
        expect(res.text).not.toContain('sourceMappingURL');
        await http.get(`${asset}.map`).expect(404);
      }
    });
  });

  describe('OpenAPI', () => {
    it('serves the document generated from the controllers outside production', async () => {
      const res = await http.get('/api/openapi.json').expect(200);
      expect(res.body.openapi).toMatch(/^3\./);
      expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/widget', '/api/health', '/api/ready']));
      expect(res.body.paths['/api/widget'].get.parameters[0]).toMatchObject({ name: 'name', in: 'query' });
    });
  });
});
