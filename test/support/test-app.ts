import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createShopApp } from '../../src/bootstrap.js';
import { loadEnvironment } from '../../src/config/environment.js';
import { CatalogueSeeder } from '../../src/modules/catalogue/index.js';
import { BlogAdminService, DEMO_BLOG_POSTS, DEMO_WIDGETS, WidgetService } from '../../src/modules/content/index.js';
import { UserAdministrationService } from '../../src/modules/identity/index.js';
import { DeliveryTypeService } from '../../src/modules/orders/index.js';
import { DatabaseMaintenance } from '../../src/platform/persistence/persistence.module.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

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
 * The real application, in this process, on a fresh database with the migrations applied and the
 * demo content and accounts seeded: the same createShopApp that main.ts runs.
 */
export async function startTestApp(extraEnv: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const env = loadEnvironment({ NODE_ENV: 'test', LOG_LEVEL: 'warn', ...database.env, ...extraEnv });
  const app = await createShopApp(env);
  await app.get(DatabaseMaintenance).migrate();
  const orm = app.get(MikroORM);
  await RequestContext.create(orm.em, async () => {
    await app.get(WidgetService).addMissing(DEMO_WIDGETS);
    await app.get(BlogAdminService).addMissing(DEMO_BLOG_POSTS);
    await app.get(UserAdministrationService).ensureDemoAccounts();
    await app.get(DeliveryTypeService).addMissing();
    if (options.demoCatalogue) await app.get(CatalogueSeeder).seedDemo();
  });
  await app.getHttpAdapter().getInstance().ready();
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
