import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { waitUntil } from './eventually.js';

/** One request of a load: when it started and ended (performance.now()), and its status or its error's code. */
export interface LoadResult {
  path: string;
  startedAt: number;
  endedAt: number;
  status: number | null;
  error: string | null;
  /** The body of an answer ≥ 400 (to tell one 503 from another); empty otherwise. */
  body: string;
}

/**
 * Keeps `concurrency` requests going against a running shop, round-robin over `paths`, each over keep-alive
 * connections as a browser or a load balancer would send them, and records every outcome. Requests time out
 * after `timeoutMs`, so a hang shows as an error ("TimeoutError") rather than as a stuck test.
 */
export class HttpLoad {
  readonly results: LoadResult[] = [];
  private running = true;
  private readonly loops: Array<Promise<void>>;

  constructor(
    private readonly baseUrl: string,
    private readonly paths: readonly string[],
    concurrency: number,
    private readonly timeoutMs = 10_000,
  ) {
    this.loops = Array.from({ length: concurrency }, (_, index) => this.loop(index));
  }

  /** Resolves once `predicate` holds for the results so far (checked every 20 ms, test/support/eventually.ts); throws after `timeoutMs`. */
  async until(predicate: (results: LoadResult[]) => boolean, timeoutMs: number, what: string): Promise<void> {
    await waitUntil(() => predicate(this.results), { timeout: timeoutMs, interval: 20, what });
  }

  async stop(): Promise<LoadResult[]> {
    this.running = false;
    await Promise.all(this.loops);
    return this.results;
  }

  private async loop(index: number): Promise<void> {
    for (let n = index; this.running; n++) {
      const path = this.paths[n % this.paths.length]!;
      const startedAt = performance.now();
      try {
        const response = await fetch(this.baseUrl + path, { redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
        const text = await response.text();
        this.results.push({ path, startedAt, endedAt: performance.now(), status: response.status, error: null, body: response.status >= 400 ? text : '' });
      } catch (error) {
        this.results.push({ path, startedAt, endedAt: performance.now(), status: null, error: errorCode(error), body: '' });
      }
    }
  }
}

/** The outcome of one request on a connection of its own (no keep-alive pool): its status, or its error's code. */
export interface Outcome {
  status: number | null;
  error: string | null;
  body: string;
  endedAt: number;
}

/** A GET on a fresh connection: what a new client (or a load balancer's new connection) gets right now. */
export function probe(url: string, timeoutMs = 5_000): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? null, error: null, body, endedAt: performance.now() }));
      response.on('error', (error) => resolve({ status: null, error: errorCode(error), body, endedAt: performance.now() }));
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'TimeoutError' })));
    request.on('error', (error) => resolve({ status: null, error: errorCode(error), body: '', endedAt: performance.now() }));
  });
}

/**
 * A POST whose JSON body trickles in over `durationMs` (in three parts), on a connection of its own: a slow client
 * the server is busy with for that long. `durationMs: null` never finishes the body (a client that hangs) unless
 * `finish()` sends the rest, which also ends a timed body early. `started` resolves once the headers and the first part
 * are on the wire.
 */
export function trickledPost(
  url: string, body: unknown, durationMs: number | null, headers: Record<string, string> = {},
): { started: Promise<void>; done: Promise<Outcome>; finish: () => void } {
  const text = JSON.stringify(body);
  const parts = [text.slice(0, 4), text.slice(4, 10), text.slice(10)];
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  let finish: () => void = () => {};
  const done = new Promise<Outcome>((resolve) => {
    const request = http.request(url, { method: 'POST', agent: false, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } }, (response) => {
      let answer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (answer += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? null, error: null, body: answer, endedAt: performance.now() }));
      response.on('error', (error) => resolve({ status: null, error: errorCode(error), body: answer, endedAt: performance.now() }));
    });
    request.on('error', (error) => resolve({ status: null, error: errorCode(error), body: '', endedAt: performance.now() }));
    request.flushHeaders();
    request.write(parts[0], () => markStarted());
    let sent = 1;
    finish = () => {
      if (sent === parts.length) return;
      request.end(parts.slice(sent).join(''));
      sent = parts.length;
    };
    if (durationMs === null) return;
    setTimeout(() => {
      if (sent === 1) request.write(parts[sent++]!);
    }, durationMs / 2);
    setTimeout(finish, durationMs);
  });
  return { started, done, finish: () => finish() };
}

function errorCode(error: unknown): string {
  const { code, name, cause } = (error ?? {}) as { code?: unknown; name?: unknown; cause?: { code?: unknown } };
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof code === 'string') return code;
  return typeof name === 'string' ? name : String(error);
}
