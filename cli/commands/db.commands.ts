import type { Command } from 'commander';

// Application code is imported inside each action, so `--help` and usage errors answer at once
// instead of first loading Nest, the ORM and the database driver.
const core = () => import('../cli-context.js');

/**
 * What db:migrate did. An upgrade's few migrations are listed by name; a new database's whole history (twenty and
 * more, on every first `make start`) is one line from the first to the last.
 */
export function appliedMigrations(applied: readonly string[]): string {
  if (applied.length === 0) return 'The database is up to date.';
  if (applied.length <= 5) return `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}`;
  return `Applied ${applied.length} migration(s), ${applied[0]} to ${applied[applied.length - 1]}.`;
}

export function registerDatabaseCommands(program: Command): void {
  program
    .command('db:migrate')
    .description('apply the database migrations that have not been applied yet')
    .action(async () => {
      const { withCore } = await core();
      const { DatabaseMaintenance } = await import('../../src/platform/persistence/index.js');
      const applied = await withCore((app) => app.get(DatabaseMaintenance).migrate());
      console.log(appliedMigrations(applied));
    });

  program
    .command('db:seed')
    .description('add the reference data every shop needs; with --demo, also demo content (existing rows are kept)')
    .option('--demo', 'also add demo content', false)
    .action(async (options: { demo: boolean }) => {
      const { withMigratedCore } = await core();
      const { BlogAdminService, DEMO_BLOG_POSTS, DEMO_WIDGETS, WidgetService } = await import('../../src/modules/content/index.js');
      const { UserAdministrationService } = await import('../../src/modules/identity/index.js');
      const { CatalogueSeeder } = await import('../../src/modules/catalogue/index.js');
      const { DeliveryTypeService } = await import('../../src/modules/orders/index.js');
      const { DemoCourseSeeder, SessionDemoSeeder } = await import('../../src/modules/training/index.js');
      await withMigratedCore(async (app) => {
        const deliveryTypes = await app.get(DeliveryTypeService).addMissing();
        console.log(`Reference data: added ${deliveryTypes} delivery type(s).`);
        if (options.demo) {
          const added = await app.get(WidgetService).addMissing(DEMO_WIDGETS);
          console.log(`Demo content: added ${added} widget(s), kept ${DEMO_WIDGETS.length - added} existing.`);
          console.log(`Demo content: added ${await app.get(BlogAdminService).addMissing(DEMO_BLOG_POSTS)} blog post(s).`);
          const started = performance.now();
          const catalogue = await app.get(CatalogueSeeder).seedDemo();
          console.log(
            `Demo catalogue: added ${catalogue.products} product(s) (kept ${catalogue.keptProducts} existing), ${catalogue.categories} ` +
            `categor${catalogue.categories === 1 ? 'y' : 'ies'}, ${catalogue.brands} brand(s), ${catalogue.options} option(s), ` +
            `${catalogue.images} image(s), ${catalogue.videos} video(s), ${catalogue.files} file(s) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
          );
          console.log(`Demo training: added course content to ${await app.get(DemoCourseSeeder).seed()} online course(s).`);
          console.log(`Demo open courses: added ${await app.get(SessionDemoSeeder).seedDemo()} session(s).`);
          const accounts = await app.get(UserAdministrationService).ensureDemoAccounts();
          console.log('Demo accounts (sign in at /login):');
          for (const account of accounts) {
            console.log(`  ${account.role.padEnd(8)} ${account.email} / ${account.password}${account.created ? '' : ' (already there)'}`);
          }
        }
        console.log('Seeding done.');
      });
    });
}
