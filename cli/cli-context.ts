import 'reflect-metadata';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigurationError, loadEnvironment } from '../src/config/environment.js';
import { CoreModule } from '../src/core.module.js';
import { EmbeddedDatabaseInUseError } from '../src/platform/persistence/embedded-database-lock.js';

/** A failure the operator can act on: its message is printed alone, and the exit code is non-zero. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}

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

/** Turns any error into a message and an exit code: never a stack trace for an operator's mistake. */
export function reportFailure(error: unknown): number {
  if (error instanceof CommandError) {
    console.error(error.message);
    return error.exitCode;
  }
  if (error instanceof ConfigurationError || error instanceof EmbeddedDatabaseInUseError) {
    console.error(error.message);
    return 1;
  }
  console.error('The command failed unexpectedly:', error);
  return 1;
}
