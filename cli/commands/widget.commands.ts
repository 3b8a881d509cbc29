import type { Command } from 'commander';

export function registerWidgetCommands(program: Command): void {
  program
    .command('widgets:list')
    .description('list the content widgets (editable blocks) by name')
    .option('--json', 'print JSON instead of a table', false)
    .action(async (options: { json: boolean }) => {
      const { withCore } = await import('../cli-context.js');
      const { WidgetService } = await import('../../src/modules/content/index.js');
      const widgets = await withCore((app) => app.get(WidgetService).list());
      if (options.json) {
        console.log(JSON.stringify(widgets, null, 2));
        return;
      }
      if (widgets.length === 0) {
        console.log('No widgets yet. `shop db:seed --demo` adds the demo ones.');
        return;
      }
      console.table(widgets.map((w) => ({ id: w.id, name: w.name, characters: w.html.length, updated_at: w.updated_at })));
    });
}
