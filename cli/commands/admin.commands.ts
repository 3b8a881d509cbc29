import password from '@inquirer/password';
import { type Command, Option } from 'commander';
import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../src/shared/contracts/staff.js';
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
    .description('create a member of staff (an administrator of everything unless --role says otherwise); the password is asked for, or read from standard input when it is not a terminal')
    .argument('<email>', "the administrator's e-mail address")
    .option('--first-name <name>', 'first name', 'Shop')
    .option('--last-name <name>', 'last name', 'Administrator')
    // ADR 0044. Checked by commander before the password is asked for: an unknown role names the valid ones.
    .addOption(
      new Option('--role <role>', `staff role: ${STAFF_ROLES.map((role) => `${role} (${STAFF_ROLE_DESCRIPTIONS[role]})`).join('; ')}`)
        .choices(STAFF_ROLES)
        .default('admin'),
    )
    .action(async (email: string, options: { firstName: string; lastName: string; role: StaffRole }) => {
      const secret = await readPassword();
      const { withCore } = await import('../cli-context.js');
      const { UserAdministrationService } = await import('../../src/modules/identity/index.js');
      const { role, ...names } = options;
      // A refused address or password is a DomainError: reportFailure prints its reason alone (command-kit.ts).
      await withCore((app) => app.get(UserAdministrationService).createAdmin(email, secret, names, role));
      console.log(`Created administrator ${email.trim().toLowerCase()}. Staff role: ${STAFF_ROLE_LABELS[role]}.`);
    });
}
