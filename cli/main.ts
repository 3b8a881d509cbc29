import { CommanderError } from 'commander';
import { createProgram } from './program.js';

try {
  await createProgram().parseAsync(process.argv);
} catch (error) {
  // Commander has already printed usage errors and help; its exit code says which.
  if (error instanceof CommanderError) process.exitCode = error.exitCode;
  else process.exitCode = (await import('./cli-context.js')).reportFailure(error);
}
