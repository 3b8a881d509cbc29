import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createShopApp } from '../../src/bootstrap.js';
import { loadEnvironment } from '../../src/config/environment.js';
import { CatalogueSeeder } from '../../src/modules/catalogue/index.js';
import { BlogAdminService, DEMO_BLOG_POSTS, DEMO_WIDGETS, WidgetService } from '../../src/modules/content/index.js';
import { UserAdministrationService } from '../../src/modules/identity/index.js';
import { DeliveryTypeService } from '../../src/modules/orders/index.js';
import { DatabaseMaintenance } from '../../src/platform/persistence/persistence.module.js';
import { createTestDatabase, type DatabaseTemplate, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: NestFastifyApplication;
  database: TestDatabase;
  /** Raw SQL against the test database, for arranging what the API cannot (e.g. an expired token). */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Also seed the demo catalogue of `make start` (68 products with pictures and files). Off by default:
   * most tests arrange their own catalogue, and drawing the pictures takes a second or two.
   */
  demoCatalogue?: boolean;
  /** Run on this database (e.g. one a CLI command filled) instead of a fresh one; the caller drops it. */
  database?: TestDatabase;
}

/**
 * What every file's database starts with: the migrations applied and the demo content and accounts seeded, built
 * once per run (hashing the demo passwords and running every migration took seconds per file) and copied per file.
 */
const E2E_TEMPLATE: DatabaseTemplate = {
  name: 'e2e',
  builtFrom: ['src', 'migrations'],
  copy: 'database',
  build: async (database) => {
    const app = await createShopApp(loadEnvironment({ NODE_ENV: 'test', LOG_LEVEL: 'warn', RUN_QUEUE_WORKER: 'false', ...database.env }));
    try {
      await prepare(app, false);
    } finally {
      await app.close();
    }
  },
};

/** A fresh database that already has what startTestApp seeds, for a file that fills it before starting its shop. */
export function createSeededTestDatabase(): Promise<TestDatabase> {
  return createTestDatabase(E2E_TEMPLATE);
}

/** The migrations and the seeding of startTestApp; on a copy of the template, each step finds nothing left to do. */
async function prepare(app: NestFastifyApplication, demoCatalogue: boolean): Promise<void> {
  await app.get(DatabaseMaintenance).migrate();
  const orm = app.get(MikroORM);
  await RequestContext.create(orm.em, async () => {
    await app.get(WidgetService).addMissing(DEMO_WIDGETS);
    await app.get(BlogAdminService).addMissing(DEMO_BLOG_POSTS);
    await app.get(UserAdministrationService).ensureDemoAccounts();
    await app.get(DeliveryTypeService).addMissing();
    if (demoCatalogue) await app.get(CatalogueSeeder).seedDemo();
  });
}

/**
 * The real application, in this process, on a fresh database with the migrations applied and the
 * demo content and accounts seeded: the same createShopApp that main.ts runs. The fresh database is a copy of
 * E2E_TEMPLATE; migrating and seeding then run again and find nothing to do.
 */
export async function startTestApp(extraEnv: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(E2E_TEMPLATE));
  const env = loadEnvironment({ NODE_ENV: 'test', LOG_LEVEL: 'warn', ...database.env, ...extraEnv });
  const app = await createShopApp(env);
  await prepare(app, options.demoCatalogue ?? false);
  await app.getHttpAdapter().getInstance().ready();
  const orm = app.get(MikroORM);
  return {
    app,
    database,
    sql: (query, params = []) => orm.em.fork().getConnection().execute(query, params),
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}
