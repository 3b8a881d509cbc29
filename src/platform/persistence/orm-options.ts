import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { AnyEntity, EntitySchema, Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import path from 'node:path';
import type { Environment } from '../../config/environment.js';
import { migrations } from '../../../migrations/index.js';

export type Entities = ReadonlyArray<EntitySchema<AnyEntity> | EntitySchema>;

/** Where the embedded database lives inside DATA_DIR. */
export function embeddedDatabaseDirectory(env: Environment): string {
  return path.join(env.dataDir, 'db');
}

/**
 * One place decides which PostgreSQL the shop talks to: a server when DATABASE_URL is set, else
 * PGlite in DATA_DIR. Both take the same migrations; the schema is never generated at run time.
 */
export function createOrmOptions(env: Environment, entities: Entities): Partial<Options> {
  const common = {
    entities: [...entities],
    extensions: [Migrator],
    migrations: {
      migrationsList: migrations,
      tableName: 'schema_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    // Every read and write happens inside a request context (HTTP middleware, CLI wrapper); the global
    // entity manager is never shared between requests.
    allowGlobalContext: false,
    debug: false,
  } satisfies Partial<Options>;

  if (env.DATABASE_URL) {
    return {
      ...common,
      driver: PostgreSqlDriver,
      clientUrl: env.DATABASE_URL,
      pool: { min: 0, max: 10 },
      // While PostgreSQL is unreachable a request must fail (503) rather than wait for a connection for ever; a
      // stopped server refuses at once, a vanished host would otherwise hang. TCP keep-alive finds connections a
      // lost network left half open. Broken connections leave the pool and new ones are opened on demand (ADR 0029).
      // JIT off: its compile time (450 ms on the dashboard's sales at 1M orders) buys nothing for statements that
      // read a few thousand rows through indexes; the planner's cost estimates tripped it anyway (ADR 0054).
      driverOptions: { connectionTimeoutMillis: 5_000, keepAlive: true, options: '-c jit=off' },
    };
  }
  return {
    ...common,
    driver: PgliteDriver,
    dbName: embeddedDatabaseDirectory(env),
    driverOptions: { extensions: { pg_trgm } },
  };
}
