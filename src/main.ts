import { ConfigurationError, loadEnvironment } from './config/environment.js';
import { createShopApp } from './bootstrap.js';
import { EmbeddedDatabaseInUseError } from './platform/persistence/embedded-database-lock.js';

async function main(): Promise<void> {
  const env = loadEnvironment();
  const app = await createShopApp(env);
  // Graceful stop: Fastify stops accepting connections and waits for requests in flight, then the
  // modules close (database, embedded lock). Handled here rather than by Nest's shutdown hooks, which
  // re-raise the signal and so make the exit code depend on which other signal listeners are loaded.
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal} received: finishing requests in flight, then stopping.`);
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed:', error);
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: env.PORT, host: '0.0.0.0' });
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
