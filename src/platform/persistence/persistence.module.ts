import { MikroORM } from '@mikro-orm/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { type DynamicModule, Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Environment } from '../../config/environment.js';
import { EmbeddedDatabaseLock } from './embedded-database-lock.js';
import { createOrmOptions, embeddedDatabaseDirectory, type Entities } from './orm-options.js';
import { Transactions } from './transactions.js';

const EMBEDDED_LOCK = Symbol('EmbeddedDatabaseLock');

/** Readiness and schema upkeep: the only code outside adapters that talks to the ORM directly. */
@Injectable()
export class DatabaseMaintenance implements OnApplicationShutdown {
  constructor(
    private readonly orm: MikroORM,
    @Inject(EMBEDDED_LOCK) private readonly lock: EmbeddedDatabaseLock | null,
  ) {}

  async isReachable(): Promise<boolean> {
    try {
      await this.orm.em.getConnection().execute('select 1');
      return true;
    } catch {
      return false;
    }
  }

  /** Applies the migrations not applied yet; returns their names. */
  async migrate(): Promise<string[]> {
    return (await this.orm.migrator.up()).map((m) => m.name);
  }

  async pendingMigrations(): Promise<string[]> {
    return (await this.orm.migrator.getPending()).map((m) => m.name);
  }

  // Closing twice is harmless (MikroOrmModule closes too); the lock goes last so no other process
  // opens the folder while this one may still be writing.
  async onApplicationShutdown(): Promise<void> {
    await this.orm.close();
    await this.lock?.releaseIfHeld();
  }
}

@Global()
@Module({})
export class PersistenceModule {
  static forRoot(env: Environment, entities: Entities): DynamicModule {
    const lock = env.usesEmbeddedDatabase ? new EmbeddedDatabaseLock(embeddedDatabaseDirectory(env)) : null;
    return {
      module: PersistenceModule,
      imports: [
        MikroOrmModule.forRootAsync({
          driver: env.usesEmbeddedDatabase ? PgliteDriver : PostgreSqlDriver,
          useFactory: async () => {
            await lock?.acquire(); // before the ORM opens the folder
            // The web app gives each request its context with a Fastify hook instead (entityManagerPerRequest).
            return { ...createOrmOptions(env, entities), registerRequestContext: false };
          },
        }),
      ],
      providers: [{ provide: EMBEDDED_LOCK, useValue: lock }, DatabaseMaintenance, Transactions],
      exports: [DatabaseMaintenance, Transactions],
    };
  }
}
