import password from '@inquirer/password';
import type { Command } from 'commander';
import { CommandError } from '../command-kit.js';

/** The password: asked for (hidden) on a terminal, else the first line of standard input. */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await password({ message: 'Password (8–128 characters):', mask: '*' });
    const again = await password({ message: 'Password again:', mask: '*' });
    if (first !== again) throw new CommandError('The two passwords differ.');
    return first;
  }
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  return input.split(/\r?\n/)[0] ?? '';
}

export function registerAdminCommands(program: Command): void {
  program
    .command('admin:create')
    .description('create an administrator; the password is asked for, or read from standard input when it is not a terminal')
    .argument('<email>', "the administrator's e-mail address")
    .option('--first-name <name>', 'first name', 'Shop')
    .option('--last-name <name>', 'last name', 'Administrator')
    .action(async (email: string, options: { firstName: string; lastName: string }) => {
      const secret = await readPassword();
      const { withCore } = await import('../cli-context.js');
      const { UserAdministrationService } = await import('../../src/modules/identity/index.js');
      // A refused address or password is a DomainError: reportFailure prints its reason alone (command-kit.ts).
      await withCore((app) => app.get(UserAdministrationService).createAdmin(email, secret, options));
      console.log(`Created administrator ${email.trim().toLowerCase()}.`);
    });
}
