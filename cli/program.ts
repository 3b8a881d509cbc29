import { Command } from 'commander';
import { registerAdminCommands } from './commands/admin.commands.js';
import { registerCatalogueCommands } from './commands/catalogue.commands.js';
import { registerDatabaseCommands } from './commands/db.commands.js';
import { registerOrdersCommands } from './commands/orders.commands.js';
import { registerQueueCommands } from './commands/queue.commands.js';
import { registerSeoCommands } from './commands/seo.commands.js';
import { registerUsersCommands } from './commands/users.commands.js';
import { registerWidgetCommands } from './commands/widget.commands.js';

/** The operators' command line: thin commands over the same application services as the web server. */
export function createProgram(): Command {
  const program = new Command('shop')
    .description('Operator commands for the shop. Configuration comes from the same environment as the server.')
    .showHelpAfterError('(add --help for usage)')
    .exitOverride();
  registerDatabaseCommands(program);
  registerWidgetCommands(program);
  registerAdminCommands(program);
  registerQueueCommands(program);
  registerSeoCommands(program);
  registerCatalogueCommands(program);
  registerUsersCommands(program);
  registerOrdersCommands(program);
  return program;
}
