import fc from 'fast-check';
import request from 'supertest';
import { CookieClient, GOOD_PASSWORD, uniqueEmail } from '../support/identity-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKind } from '../support/test-database.js';

/**
 * Issue 25, item 7 (ADR 0034): no body a client can send to a write endpoint may answer 5xx. Every POST, PUT, PATCH
 * and DELETE route comes from the app's own OpenAPI document, so a route added later is fuzzed without anyone
 * listing it here. Each gets generated bodies (its own fields filled with plausible and hostile values, arbitrary
 * JSON, deep nesting, lone surrogates, NUL, numbers beyond any column, prototype-pollution keys) and path
 * parameters, as an anonymous visitor, a signed-in customer and an admin, each with the XSRF header of their
 * cookies, so that the request reaches validation and, when it passes, the service behind it.
 *
 * Replay a failure: FUZZ_SEED=<seed> (and FUZZ_PATH=<path>) from the report. FUZZ_RUNS changes the runs per endpoint;
 * FUZZ_STATS=1 prints the statuses each endpoint answered (how many bodies got past validation).
 */

/**
 * The routes that cannot be fuzzed meaningfully. Uploads (multipart) are fuzzed too: a JSON or junk body must not
 * break them either.
 */
const NOT_FUZZED: Record<string, string> = {
  // Ends the persona's session: every later request of that persona would be fuzzing the anonymous case again.
  'POST /api/logout': 'ends the session of the client that sends it',
};

/** Runs per endpoint: 65 endpoints × 60 runs ≈ 3,900 requests, about 25 s on PostgreSQL on a 2-core machine. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

type Method = 'post' | 'put' | 'patch' | 'delete';
type Persona = 'anonymous' | 'customer' | 'admin';

interface Endpoint {
  method: Method;
  path: string;
  schema: Schema | null;
}

interface Schema {
  type?: string;
  $ref?: string;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  example?: unknown;
}

/** Raw JSON text put in place of a placeholder string: numbers JSON.stringify cannot write (1e400 parses to Infinity). */
const RAW_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '-0', '1E-400', '0.1e1', '2147483648', '-2147483649'];
const RAW = '\u0001raw:';

const loneSurrogates = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff');
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), loneSurrogates, fc.constant('\u0000')), maxLength: 12 }),
  fc.constantFrom(
    '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '😀', 'é', '\u202eevil', 'NaN', 'null', 'true', '1e400', '-1', '0x10', '__proto__',
    "'; drop table users; --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '\r\nX-Injected: 1', 'javascript:alert(1)',
  ),
  fc.integer({ min: 256, max: 70_000 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1, 2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 0.5, -0.5, 1e-7),
  fc.constantFrom(...RAW_NUMBERS).map((raw) => `${RAW}${raw}`),
);
// Fastify refuses `__proto__` and `constructor` keys outright (400): a few such bodies prove it, more would only
// keep the rest from reaching validation.
const hostileKey = fc.oneof(
  { arbitrary: fc.constantFrom('__proto__', 'constructor'), weight: 1 },
  { arbitrary: fc.constantFrom('prototype', 'toString', 'hasOwnProperty', 'valueOf', 'id', 'role', 'is_admin', '\ud800', 'a\u0000', ''), weight: 4 },
  { arbitrary: fc.string({ maxLength: 8 }), weight: 4 },
);

/** Any JSON value, with hostile strings, numbers and keys at every level. */
const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map((entries) => Object.fromEntries(entries)),
  ),
})).value;

/** A value of the kind a field of this name and schema takes, so that a body gets past the rules it meets. */
function plausible(name: string, schema: Schema, components: Record<string, Schema>, depth: number): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, components);
  if (resolved.enum?.length) return fc.constantFrom(...resolved.enum);
  if (resolved.properties && depth < 4) return validObject(resolved, components, depth + 1);
  if (resolved.type === 'array') return fc.array(resolved.items ? plausible(name, resolved.items, components, depth + 1) : fc.integer({ min: 1, max: 5 }), { maxLength: 3 });
  if (resolved.type === 'boolean') return fc.boolean();
  if (resolved.type === 'integer' || resolved.type === 'number' || /(_id|_ids|price|pence|qty|quantity|weight|days|minutes|year|time|order|amount)$/.test(name)) {
    return fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 100, max: 100_000 }));
  }
  if (resolved.example !== undefined) return fc.constant(resolved.example);
  // By name: Nest's OpenAPI types an optional nullable string as "object", so the name says more than the type.
  const byName: Array<[RegExp, fc.Arbitrary<unknown>]> = [
    [/email/, fc.integer({ min: 1, max: 1e9 }).map((n) => `fuzz-${n}@example.com`)],
    [/password/, fc.constant(GOOD_PASSWORD)],
    [/postcode/, fc.constantFrom('LS10 1AB', 'SW1A 1AA')],
    [/country/, fc.constant('GB')],
    [/phone/, fc.constant('0113 496 0000')],
    [/url|website|link/, fc.constantFrom('https://example.com/', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')],
    [/slug|name$|code|token|reference/, fc.stringMatching(/^[a-z][a-z0-9-]{2,20}$/)],
    [/date|_at$|_until$|from$|to$/, fc.constantFrom('2026-12-01', '2026-12-01T10:00:00Z')],
    [/html|description|body|content|message|summary|notes?$/, fc.constantFrom('<p>Fuzzed <b>text</b> of a reasonable length.</p>', 'Plain text of a reasonable length.')],
  ];
  const matched = byName.find(([pattern]) => pattern.test(name));
  return matched ? matched[1] : fc.oneof(fc.constantFrom('Fuzz', 'Acme Training Ltd', 'contact', 'card', 'physical', 'draft'), fc.constant(null));
}

/** Every field of the schema with a plausible value: what passes validation now and then and reaches the service. */
function validObject(schema: Schema, components: Record<string, Schema>, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {}).map(([name, field]) => fc.option(fc.tuple(fc.constant(name), plausible(name, field, components, depth)), { nil: undefined, freq: 6 }));
  return fc.tuple(...fields).map((entries) => Object.fromEntries(entries.filter((entry): entry is [string, unknown] => entry !== undefined)));
}

/**
 * A body of the endpoint's own fields in one of two mixes: all plausible but one hostile (to reach each field's path
 * through validation and the service), or each field plausible or hostile at random, now and then with a field the
 * request does not declare (refused by the whitelist, or a pollution attempt).
 */
function fuzzedObject(schema: Schema, components: Record<string, Schema>): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(schema.properties ?? {});
  const oneHostile = fc.tuple(validObject(schema, components), fc.constantFrom(...names), hostileJson).map(([body, name, value]) => ({ ...body, [name]: value }));
  const fields = Object.entries(schema.properties ?? {}).map(([name, field]) =>
    fc.option(fc.tuple(fc.constant(name), fc.oneof({ arbitrary: plausible(name, field, components, 0), weight: 3 }, { arbitrary: hostileJson, weight: 1 })), { nil: undefined, freq: 4 }),
  );
  const extraField = fc.option(fc.tuple(hostileKey, hostileJson), { nil: undefined, freq: 4 }).map((entry) => (entry ? [entry] : []));
  const mixed = fc.tuple(fc.tuple(...fields), extraField).map(([own, extra]) =>
    // fromEntries defines `__proto__` as an own field, as JSON.parse does on the server: it is sent, not swallowed.
    Object.fromEntries([...own.filter((entry): entry is [string, unknown] => entry !== undefined), ...extra]),
  );
  return fc.oneof(validObject(schema, components), oneHostile, mixed);
}

function resolve(schema: Schema, components: Record<string, Schema>): Schema {
  if (schema.$ref) return resolve(components[schema.$ref.split('/').pop()!] ?? {}, components);
  if (schema.allOf?.length === 1) return resolve(schema.allOf[0]!, components);
  return schema;
}

/** JSON text of a generated value, with the raw-number placeholders put back as bare numbers. */
function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(new RegExp(`"${RAW.replace('\u0001', '\\\\u0001')}([^"]*)"`, 'g'), '$1');
}

function bodyFor(endpoint: Endpoint, components: Record<string, Schema>): fc.Arbitrary<string | undefined> {
  const own = endpoint.schema ? resolve(endpoint.schema, components) : null;
  return fc.oneof(
    ...(own?.properties && Object.keys(own.properties).length > 0 ? [{ arbitrary: fuzzedObject(own, components).map(toJsonText), weight: 12 }] : []),
    { arbitrary: hostileJson.map(toJsonText), weight: 4 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    // Nesting around the limit of 32 and far beyond it, as arrays and as objects.
    { arbitrary: fc.tuple(fc.integer({ min: 30, max: 5000 }), fc.boolean()).map(([depth, arrays]) => (arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)), weight: 1 },
    // Not JSON at all, or JSON cut short.
    { arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'nul', '"\\ud800"', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000', '{"a":1}garbage'), weight: 1 },
  );
}

/** Path parameters: ids that exist, ids that cannot, and text no route expects. */
const pathValue = fc.oneof(
  { arbitrary: fc.constantFrom('1', '2', '3', 'test', 'google', 'oidc', 'stripe'), weight: 3 },
  {
    arbitrary: fc.constantFrom('0', '-1', '1.5', '1e3', '2147483648', '99999999999999999999999', 'abc', '%00', '%ED%A0%80', '%F0%9F%98%80', '%FF', '..%2F..%2Fetc', 'a'.repeat(300), '%20', 'null', '__proto__'),
    weight: 2,
  },
  { arbitrary: fc.string({ maxLength: 12 }).map(encodeURIComponent), weight: 1 },
);

describe(`fuzzing every write endpoint (${databaseKind})`, () => {
  let shop: TestApp;
  let endpoints: Endpoint[];
  let components: Record<string, Schema>;
  const sessions: Record<Persona, CookieClient | null> = { anonymous: null, customer: null, admin: null };
  const accounts: Partial<Record<Persona, { id: number; email: string; passwordHash: string }>> = {};

  // Rate limits key on the client's address: each request comes from its own, so that it reaches the route's rules.
  let addresses = 0;
  const freshIp = () => {
    addresses += 1;
    return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  };

  beforeAll(async () => {
    // LOG_LEVEL error: thousands of 4xx answers would each log a warning; a 5xx is still logged with its stack.
    shop = await startTestApp({ TRUST_PROXY: '127.0.0.1', RUN_QUEUE_WORKER: 'false', LOG_LEVEL: 'error' });
    const document = (await request(shop.app.getHttpServer()).get('/api/openapi.json').expect(200)).body as {
      paths: Record<string, Partial<Record<Method, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>>;
      components: { schemas: Record<string, Schema> };
    };
    components = document.components.schemas;
    endpoints = Object.entries(document.paths).flatMap(([path, operations]) =>
      (['post', 'put', 'patch', 'delete'] as const).flatMap((method) => {
        const operation = operations[method];
        if (!operation || NOT_FUZZED[`${method.toUpperCase()} ${path}`]) return [];
        return [{ method, path, schema: operation.requestBody?.content?.['application/json']?.schema ?? null }];
      }),
    );
    // Accounts of their own, made after the demo ones: the path ids most tried (1, 2, 3) are the demo accounts, so a
    // fuzzed PATCH /api/admin/users/{id} seldom demotes the admin that is doing the fuzzing.
    for (const persona of ['customer', 'admin'] as const) {
      const email = uniqueEmail(`fuzzing-${persona}`);
      const res = await new CookieClient(shop, freshIp()).post('/api/register', { first_name: 'Fuzz', last_name: 'Tester', email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD });
      expect(res.status).toBe(201);
      // staff_role with it (ADR 0044: a check holds the two together); the fuzzing admin reaches every area.
      await shop.sql(`update users set role = ?, staff_role = ? where email = ?`, [persona, persona === 'admin' ? 'admin' : null, email]);
      const [row] = await shop.sql<{ id: number; password_hash: string }>('select id, password_hash from users where email = ?', [email]);
      accounts[persona] = { id: row!.id, email, passwordHash: row!.password_hash };
    }
  });
  afterAll(() => shop.close());

  /** A persona's browser, signed in again if a fuzzed request ended its session (e.g. DELETE /api/user/sessions/1). */
  async function browserOf(persona: Persona): Promise<CookieClient> {
    const current = sessions[persona];
    const account = accounts[persona];
    // A fuzzed request may have changed the persona's own account after all (a plausible profile with the right
    // current password, an admin's PATCH of a user): put it back, it is not what is tested.
    if (account) {
      await shop.sql('update users set email = ?, role = ?, staff_role = ?, password_hash = ? where id = ?', [
        account.email, persona, persona === 'admin' ? 'admin' : null, account.passwordHash, account.id,
      ]);
    }
    if (current && (!account || (await current.get('/api/user')).status === 200)) return current;
    const browser = new CookieClient(shop, freshIp());
    await browser.get('/api/health'); // the XSRF cookie
    if (account) {
      const res = await browser.post('/api/login', { email: account.email, password: GOOD_PASSWORD });
      if (res.status !== 200) throw new Error(`Could not sign the ${persona} in again (${res.status}): a fuzzed request changed the account`);
    }
    sessions[persona] = browser;
    return browser;
  }

  function send(endpoint: Endpoint, browser: CookieClient, path: string, body: string | undefined) {
    const cookies = ['shop_session', 'XSRF-TOKEN', 'shop_basket'].flatMap((name) => (browser.cookie(name) ? [`${name}=${browser.cookie(name)}`] : []));
    let req = request(shop.app.getHttpServer())[endpoint.method](path).set('X-Forwarded-For', freshIp());
    if (cookies.length > 0) req = req.set('Cookie', cookies.join('; '));
    if (browser.cookie('XSRF-TOKEN')) req = req.set('X-XSRF-TOKEN', browser.cookie('XSRF-TOKEN')!);
    return body === undefined ? req : req.set('Content-Type', 'application/json').send(body);
  }

  it('answers every generated request below 500', async () => {
    expect(endpoints.length).toBeGreaterThan(50);
    const failures: string[] = [];
    const statuses: Record<string, Record<number, number>> = {};
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
    for (const endpoint of endpoints) {
      const parameters = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const personas: Persona[] = endpoint.path.startsWith('/api/admin/') ? ['admin', 'admin', 'admin', 'customer', 'anonymous'] : ['anonymous', 'customer', 'admin'];
      // Each persona's session is checked once per endpoint, not per request.
      const browsers = Object.fromEntries(await Promise.all((['anonymous', 'customer', 'admin'] as const).map(async (p) => [p, await browserOf(p)]))) as Record<Persona, CookieClient>;
      const details = await fc.check(
        fc.asyncProperty(fc.constantFrom(...personas), fc.array(pathValue, { minLength: parameters.length, maxLength: parameters.length }), bodyFor(endpoint, components), async (persona, values, body) => {
          const path = parameters.reduce((filled, name, i) => filled.replace(`{${name}}`, values[i]!), endpoint.path);
          const res = await send(endpoint, browsers[persona], path, body);
          const counts = (statuses[`${endpoint.method.toUpperCase()} ${endpoint.path}`] ??= {});
          counts[res.status] = (counts[res.status] ?? 0) + 1;
          if (res.status >= 500) {
            throw new Error(`${endpoint.method.toUpperCase()} ${path} as ${persona} answered ${res.status} ${JSON.stringify(res.body)} to the body ${JSON.stringify(body?.slice(0, 500))}`);
          }
        }),
        // No shrinking: each step is a request, and the failing request is already in the report.
        { numRuns: RUNS, endOnFailure: true, ...(seed === undefined ? {} : { seed, path: process.env.FUZZ_PATH }) },
      );
      if (details.failed) failures.push(`${endpoint.method.toUpperCase()} ${endpoint.path}: ${fc.defaultReportMessage(details)}`);
    }
    if (process.env.FUZZ_STATS) console.log(Object.entries(statuses).map(([endpoint, counts]) => `${endpoint} ${JSON.stringify(counts)}`).join('\n'));
    expect(failures).toEqual([]);
    // About 0.4 s a run (65 routes) on the 2-core machine, ~25 s in all; 120 s was passed twice on a machine loaded
    // by several test runs at once (load average ~16), so the bound is 5 minutes: a hang still fails, a busy machine
    // does not.
  }, Math.max(300_000, RUNS * 5_000));
});
