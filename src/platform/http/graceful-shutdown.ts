import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ShutdownState } from '../health/shutdown-state.js';

export interface ShutdownTimings {
  /** How long the port stays open after the signal, readiness answering 503 (SHUTDOWN_DELAY_MS). */
  delayMs: number;
  /** How long requests in flight get once the port is closed, and again the modules to close (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
}

/** How often connections that fell idle during the drain are closed (their last answer went out keep-alive). */
const IDLE_SWEEP_MS = 100;

/**
 * While draining, every answer says `Connection: close`, so a keep-alive client (a browser, a load balancer's
 * pool) opens its next request elsewhere instead of finding the connection cut under it. createShopApp adds it.
 */
export function closeConnectionsWhileDraining(fastify: FastifyInstance, state: ShutdownState): void {
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (state.isDraining) void reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * Stops the web server without failing a request (ADR 0029): readiness turns 503 at once; the port stays open
 * for `delayMs` (a load balancer polling readiness stops sending meanwhile); then the port closes, idle
 * connections are closed and the requests in flight finish, for at most `timeoutMs`, after which the connections
 * still open are cut. Only then do the modules close (the queue worker finishes its job, the database closes),
 * within `timeoutMs` again. Resolves with the exit code: 0 when nothing was cut short.
 */
export async function stopGracefully(app: NestFastifyApplication, timings: ShutdownTimings, log: (line: string) => void): Promise<number> {
  app.get(ShutdownState).beginDraining();
  if (timings.delayMs > 0) await sleep(timings.delayMs);
  let code = 0;
  const server = app.getHttpServer() as Server;
  const open = await closeServer(server, timings.timeoutMs);
  if (open > 0) {
    log(`${open} connection(s) were still busy after ${timings.timeoutMs} ms (SHUTDOWN_TIMEOUT_MS) and were cut.`);
    code = 1;
  }
  let deadline: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    app.close().then(
      () => true,
      (error: unknown) => {
        log(`Shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return false;
      },
    ),
    new Promise<boolean>((resolve) => {
      deadline = setTimeout(() => {
        log(`The modules did not close within ${timings.timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): stopping without them.`);
        resolve(false);
      }, timings.timeoutMs);
    }),
  ]);
  clearTimeout(deadline);
  if (!closed) code = 1;
  return code;
}

/**
 * The process's signal handling for the web server: the first SIGTERM or SIGINT stops gracefully and exits
 * with its code; a second one (an impatient Ctrl+C) exits at once with 1.
 */
export function stopGracefullyOnSignals(app: NestFastifyApplication, timings: ShutdownTimings): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) {
        console.error(`${signal} received again: stopping now, without waiting for requests in flight.`);
        process.exit(1);
      }
      stopping = true;
      console.log(`${signal} received: finishing requests in flight, then stopping.`);
      void stopGracefully(app, timings, (line) => console.error(line)).then((code) => process.exit(code));
    });
  }
}

/** Closes the port and waits for the open connections to end; resolves with how many had to be cut at the deadline. */
function closeServer(server: Server, timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    // Node closes the idle keep-alive connections on close(); one still answering a request that began before the
    // drain may answer keep-alive and then sit idle, so idle ones are swept until the last is gone.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      server.getConnections((_error, count) => {
        server.closeAllConnections();
        finish(count);
      });
    }, timeoutMs);
    let finished = false;
    const finish = (cut: number) => {
      if (finished) return;
      finished = true;
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve(cut);
    };
    server.close(() => finish(0));
  });
}
