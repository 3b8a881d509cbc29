import { CommanderError } from 'commander';
import { reportFailure } from './cli-context.js';
import { createProgram } from './program.js';

try {
  await createProgram().parseAsync(process.argv);
} catch (error) {
  // Commander has already printed usage errors and help; its exit code says which.
  process.exitCode = error instanceof CommanderError ? error.exitCode : reportFailure(error);
}
