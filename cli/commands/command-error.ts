/** A failure the operator can act on: its message is printed alone, and the exit code is non-zero. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}
