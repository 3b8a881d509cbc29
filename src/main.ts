import { ConfigurationError, loadEnvironment } from './config/environment.js';
import { createShopApp } from './bootstrap.js';
import { stopGracefullyOnSignals } from './platform/http/graceful-shutdown.js';
import { collectStartUpGarbage } from './platform/memory/scavenge.js';
import { EmbeddedDatabaseInUseError } from './platform/persistence/embedded-database-lock.js';

async function main(): Promise<void> {
  const env = loadEnvironment(process.env, 'web-server');
  const app = await createShopApp(env);
  // SIGTERM/SIGINT drain the requests in flight (readiness 503 first), then close the modules: ADR 0029. Handled
  // here rather than by Nest's shutdown hooks, which re-raise the signal and so make the exit code depend on which
  // other signal listeners are loaded, and which close the port only after every module's own shutdown hook.
  stopGracefullyOnSignals(app, { delayMs: env.SHUTDOWN_DELAY_MS, timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
  await app.listen({ port: env.PORT, host: '0.0.0.0' });
  collectStartUpGarbage();
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  console.log(`The shop is serving at ${env.PUBLIC_URL ?? `http://localhost:${port}`}`);
}

main().catch((error: unknown) => {
  // Expected start-up failures get their message alone; anything else keeps its stack for the operator.
  if (error instanceof ConfigurationError || error instanceof EmbeddedDatabaseInUseError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
