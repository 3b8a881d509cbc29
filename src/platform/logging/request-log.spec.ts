import Fastify, { type FastifyInstance } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { Environment } from '../../config/environment.js';
import { pinoHttpOptions } from './logging.module.js';
import { logEachRequest } from './request-log.js';

interface Line {
  level: number;
  msg: string;
  req?: { id?: string; method?: string; url?: string; headers?: unknown };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

// One logger for the file: nestjs-pino keeps its root logger in a module-level variable (the first options win).
const lines: Line[] = [];
const destination = { write: (line: string) => void lines.push(JSON.parse(line) as Line) };
const pino = new PinoLogger({ pinoHttp: [pinoHttpOptions({ LOG_LEVEL: 'info' } as Environment), destination] });

function linesOf(id: string): Line[] {
  return lines.filter((line) => line.req?.id === id);
}

/** Waits for a state, not for a time: checks every 10 ms, gives up after 5 s. */
async function until(state: () => boolean): Promise<void> {
  for (let waited = 0; !state(); waited += 10) {
    if (waited >= 5000) throw new Error('the state was not reached in 5 s');
    await sleep(10);
  }
}

let slowRequestArrived = false;
let answerSlowRequest: () => void = () => undefined;

describe('logEachRequest', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ genReqId: (raw: IncomingMessage) => ((raw as IncomingMessage & { id?: string }).id = String(raw.headers['x-request-id'])) });
    logEachRequest(app, pino);
    app.post('/orders', async (request) => {
      await nextTurn(); // the line below is logged after the body was read and an await: the context must survive both
      pino.info(`order for ${(request.body as { sku: string }).sku}`);
      return { ok: true };
    });
    app.get('/boom', async () => {
      throw new Error('kaput');
    });
    app.get('/api/health', async () => ({ ok: true }));
    app.get('/slow', async () => {
      slowRequestArrived = true;
      await new Promise<void>((resolve) => (answerSlowRequest = resolve));
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => (lines.length = 0));

  it('gives a line logged inside a request with a body the request id, method and URL', async () => {
    const response = await app.inject({ method: 'POST', url: '/orders?note=1', headers: { 'x-request-id': 'r-body' }, payload: { sku: 'DVD-1' } });
    expect(response.statusCode).toBe(200);
    const inside = linesOf('r-body').find((line) => line.msg === 'order for DVD-1');
    expect(inside?.req).toEqual({ id: 'r-body', method: 'POST', url: '/orders?note=1' });
  });

  it('closes each request with one line of its status and time, never its headers', async () => {
    await app.inject({ method: 'POST', url: '/orders', headers: { 'x-request-id': 'r-done', cookie: 'shop_session=secret', authorization: 'Bearer secret' }, payload: { sku: 'A' } });
    const closing = linesOf('r-done').filter((line) => line.msg === 'request completed');
    expect(closing).toHaveLength(1);
    expect(closing[0]).toMatchObject({ level: 30, res: { statusCode: 200 } });
    expect(typeof closing[0]!.responseTime).toBe('number');
    expect(JSON.stringify(linesOf('r-done'))).not.toContain('secret');
  });

  it('warns of a client error and reports a server error with an error object', async () => {
    await app.inject({ method: 'GET', url: '/nowhere', headers: { 'x-request-id': 'r-404' } });
    expect(linesOf('r-404')).toEqual([expect.objectContaining({ level: 40, msg: 'request completed', res: { statusCode: 404 } })]);
    await app.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'r-500' } });
    const errored = linesOf('r-500').find((line) => line.msg === 'request errored');
    expect(errored).toMatchObject({ level: 50, res: { statusCode: 500 }, err: { message: 'failed with status code 500' } });
    expect(errored?.err?.stack).toContain('Error: failed with status code 500');
  });

  it('leaves the liveness probe out, and secrets out of logged URLs', async () => {
    await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'r-health' } });
    expect(linesOf('r-health')).toEqual([]);
    await app.inject({ method: 'GET', url: '/password/reset/abc123?email=jo%40acme.co.uk', headers: { 'x-request-id': 'r-reset' } });
    expect(linesOf('r-reset')[0]?.req?.url).toBe('/password/reset/[redacted]?email=%5Bredacted%5D');
  });

  it('says so when the client goes away before its answer', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1', () => socket.write('GET /slow HTTP/1.1\r\nHost: shop.test\r\nX-Request-Id: r-gone\r\n\r\n'));
    await until(() => slowRequestArrived);
    socket.destroy();
    await until(() => linesOf('r-gone').some((line) => line.msg === 'request aborted'));
    answerSlowRequest();
    expect(linesOf('r-gone').find((line) => line.msg === 'request aborted')).toMatchObject({ level: 30, req: { method: 'GET', url: '/slow' } });
  });

  it('logs outside any request without request fields', () => {
    pino.warn('started');
    const started = lines.filter((line) => line.msg === 'started');
    expect(started).toEqual([expect.objectContaining({ level: 40 })]);
    expect(started[0]!.req).toBeUndefined();
  });
});
