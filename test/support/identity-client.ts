import request, { type Response } from 'supertest';
import type { TestApp } from './test-app.js';

/**
 * A browser-like client: keeps cookies, sends the XSRF header from the XSRF cookie, comes from one address. The
 * shop is an app under test or the address of a running one; `on(url)` is the same browser talking to another
 * instance of the shop (the cluster test).
 */
export class CookieClient {
  constructor(
    private readonly shop: TestApp | string,
    readonly ip: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same visitor (the same cookies) reaching the shop at `url`. */
  on(url: string): CookieClient {
    return new CookieClient(url, this.ip, this.cookies);
  }

  get(path: string) {
    return this.send('get', path);
  }

  post(path: string, body?: object, options: { xsrf?: boolean } = {}) {
    return this.send('post', path, body, options);
  }

  put(path: string, body?: object, options: { xsrf?: boolean } = {}) {
    return this.send('put', path, body, options);
  }

  patch(path: string, body?: object, options: { xsrf?: boolean } = {}) {
    return this.send('patch', path, body, options);
  }

  delete(path: string, options: { xsrf?: boolean } = {}) {
    return this.send('delete', path, undefined, options);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private async send(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, body?: object, options: { xsrf?: boolean } = {}): Promise<Response> {
    if (!this.cookies.has('XSRF-TOKEN') && method !== 'get') await this.send('get', '/api/health');
    let req = request(typeof this.shop === 'string' ? this.shop : this.shop.app.getHttpServer())[method](path).set('X-Forwarded-For', this.ip);
    if (this.cookies.size > 0) req = req.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (options.xsrf !== false && this.cookies.has('XSRF-TOKEN')) req = req.set('X-XSRF-TOKEN', this.cookies.get('XSRF-TOKEN')!);
    const res = await (body ? req.send(body) : req);
    for (const header of setCookies(res)) {
      const [pair] = header.split(';');
      const [name, ...value] = pair!.split('=');
      const cleared = /expires=Thu, 01 Jan 1970/i.test(header) || /max-age=0/i.test(header);
      if (cleared) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    return res;
  }
}

export function setCookies(res: Response): string[] {
  const header = res.headers['set-cookie'] as unknown;
  return Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
}

export function setCookieNamed(res: Response, name: string): string | undefined {
  return setCookies(res).find((c) => c.startsWith(`${name}=`));
}

let counter = 0;
/** A distinct client address per test, so per-client rate limits never leak between tests. */
export function nextIp(): string {
  counter += 1;
  return `203.0.113.${counter % 250}`;
}

let emails = 0;
export function uniqueEmail(prefix = 'buyer'): string {
  emails += 1;
  return `${prefix}.${Date.now().toString(36)}.${emails}@acme-training.co.uk`;
}

export const GOOD_PASSWORD = 'Fire-Marshal-Course-2026';

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-admin-password' } as const;
export const DEMO_CUSTOMER = { email: 'customer@example.com', password: 'demo-customer-password' } as const;

/**
 * Signs in over the API from a fresh client address (so the sign-in rate limit never trips) and answers the
 * token, the user and the `Authorization` header value (`Bearer …`). The one sign-in helper of the API suites.
 */
export async function signInByApi(shop: TestApp, credentials: { email: string; password: string }) {
  const res = await request(shop.app.getHttpServer()).post('/api/login').set('X-Forwarded-For', nextIp()).send(credentials).expect(200);
  const body = res.body as { token: string; user: { id: number; email: string; role: string } };
  return { token: body.token, user: body.user, bearer: `Bearer ${body.token}` };
}

/** `Authorization` header value for these credentials. */
export async function bearerFor(shop: TestApp, credentials: { email: string; password: string }): Promise<string> {
  return (await signInByApi(shop, credentials)).bearer;
}
