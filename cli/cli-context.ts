import 'reflect-metadata';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigurationError, loadEnvironment } from '../src/config/environment.js';
import { CoreModule } from '../src/core.module.js';
import { EmbeddedDatabaseInUseError } from '../src/platform/persistence/embedded-database-lock.js';
import { DatabaseMaintenance } from '../src/platform/persistence/index.js';
import { CommandError, commandErrorFrom } from './command-kit.js';

/**
 * Boots the same application core the web server runs (no HTTP), runs one command inside its own
 * unit of work, and always closes the database again (and with it the embedded database's lock).
 */
export async function withCore<T>(command: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  const env = loadEnvironment();
  // Start-up failures (a locked database, an unreachable server) are thrown to reportFailure, which
  // prints the message alone; Nest would otherwise log them with a stack and abort the process.
  const app = await NestFactory.createApplicationContext(CoreModule.forRoot(env), { logger: false, abortOnError: false });
  app.useLogger(['error', 'warn']);
  try {
    const orm = app.get(MikroORM);
    return await RequestContext.create(orm.em, () => command(app));
  } finally {
    await app.close();
  }
}

/** withCore for the commands that read or write the shop's tables: they refuse a database that is not migrated. */
export async function withMigratedCore<T>(command: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  return withCore(async (app) => {
    const pending = await app.get(DatabaseMaintenance).pendingMigrations();
    if (pending.length > 0) throw new CommandError(`The database has ${pending.length} pending migration(s); run \`shop db:migrate\` first.`);
    return command(app);
  });
}

/**
 * The queue-worker mode (product.md: "a second mode runs queue workers"): the same core, no HTTP, the
 * worker running until a signal; the job in hand finishes before the database closes.
 */
export async function runWorker(): Promise<void> {
  const env = loadEnvironment();
  const app = await NestFactory.createApplicationContext(CoreModule.forRoot(env), { logger: false, abortOnError: false });
  app.useLogger(['error', 'warn', 'log']);
  const { JobWorker } = await import('../src/platform/queue/index.js');
  app.get(JobWorker).start();
  console.log('The queue worker is running; stop it with Ctrl+C or SIGTERM.');
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await app.close();
  console.log('The queue worker stopped.');
}

/** Turns any error into a message and an exit code: never a stack trace for an operator's mistake. */
export function reportFailure(error: unknown): number {
  const failure = commandErrorFrom(error);
  if (failure) {
    console.error(failure.message);
    return failure.exitCode;
  }
  if (error instanceof ConfigurationError || error instanceof EmbeddedDatabaseInUseError) {
    console.error(error.message);
    return 1;
  }
  console.error('The command failed unexpectedly:', error);
  return 1;
}
