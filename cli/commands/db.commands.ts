import type { Command } from 'commander';
import { DEMO_WIDGETS, WidgetService } from '../../src/modules/content/index.js';
import { DatabaseMaintenance } from '../../src/platform/persistence/persistence.module.js';
import { CommandError, withCore } from '../cli-context.js';

export function registerDatabaseCommands(program: Command): void {
  program
    .command('db:migrate')
    .description('apply the database migrations that have not been applied yet')
    .action(async () => {
      const applied = await withCore((app) => app.get(DatabaseMaintenance).migrate());
      console.log(applied.length === 0 ? 'The database is up to date.' : `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}`);
    });

  program
    .command('db:seed')
    .description('add the reference data every shop needs; with --demo, also demo content (existing rows are kept)')
    .option('--demo', 'also add demo content', false)
    .action(async (options: { demo: boolean }) => {
      await withCore(async (app) => {
        const database = app.get(DatabaseMaintenance);
        const pending = await database.pendingMigrations();
        if (pending.length > 0) {
          throw new CommandError(`The database has ${pending.length} pending migration(s); run \`shop db:migrate\` first.`);
        }
        if (options.demo) {
          const added = await app.get(WidgetService).addMissing(DEMO_WIDGETS);
          console.log(`Demo content: added ${added} widget(s), kept ${DEMO_WIDGETS.length - added} existing.`);
        }
        console.log('Seeding done.');
      });
    });
}
