import type { Command } from 'commander';

export function registerQueueCommands(program: Command): void {
  program
    .command('queue:work')
    .description('run the job queue worker (e-mails and other background jobs) until SIGTERM or SIGINT; needs DATABASE_URL when the shop runs too')
    .action(async () => {
      const { runWorker } = await import('../cli-context.js');
      await runWorker();
    });
}
