import request from 'supertest';
import { GOOD_PASSWORD, nextIp, signInByApi, uniqueEmail } from './identity-client.js';
import type { TestApp } from './test-app.js';

/** A registered, signed-in customer of the course suites. */
export interface CourseCustomer {
  id: number;
  email: string;
  bearer: string;
}

/** A session as staff's API answers it; the suites read its id and label. */
export interface CourseSession {
  id: number;
  label: string;
}

/**
 * The requests every course suite (issue 27) makes over HTTP: calls with a bearer, a customer who registers and
 * signs in, and a session staff create. Takes the shop lazily because the suites start it in `beforeAll`, after
 * these helpers are bound.
 */
export function courseFixtures(shop: () => TestApp) {
  const http = () => request(shop().app.getHttpServer());

  /** Requests carrying `Authorization: <bearer>`. */
  const as = (bearer: string) => ({
    get: (path: string) => http().get(path).set('Authorization', bearer),
    post: (path: string, body: object = {}) => http().post(path).set('Authorization', bearer).send(body),
    put: (path: string, body: object = {}) => http().put(path).set('Authorization', bearer).send(body),
    patch: (path: string, body: object = {}) => http().patch(path).set('Authorization', bearer).send(body),
    delete: (path: string) => http().delete(path).set('Authorization', bearer),
  });

  /**
   * Registers through `POST /api/register` (from an IP of its own, past the rate limit) and signs in.
   * `accountTerms` puts the customer on account so checkout takes `payment_method: 'invoice'`.
   */
  async function customer(
    prefix: string,
    fields: { firstName?: string; lastName?: string; companyName?: string; accountTerms?: boolean } = {},
  ): Promise<CourseCustomer> {
    const email = uniqueEmail(prefix);
    await http().post('/api/register').set('X-Forwarded-For', nextIp()).send({
      email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD,
      first_name: fields.firstName ?? 'Casey', last_name: fields.lastName ?? 'Buyer',
      ...(fields.companyName === undefined ? {} : { company_name: fields.companyName }),
    }).expect(201);
    const signedIn = await signInByApi(shop(), { email, password: GOOD_PASSWORD });
    if (fields.accountTerms) await shop().sql('update users set account_terms = true where id = ?', [signedIn.user.id]);
    return { id: signedIn.user.id, email, bearer: signedIn.bearer };
  }

  /** Staff create a session (`POST /api/admin/sessions`, 201) from the whole body given. */
  async function createSession(adminBearer: string, body: object): Promise<CourseSession> {
    return (await as(adminBearer).post('/api/admin/sessions', body).expect(201)).body as CourseSession;
  }

  return { http, as, customer, createSession };
}
