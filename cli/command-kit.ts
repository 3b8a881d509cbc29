/**
 * What the `shop` commands share: how a failure becomes a message and an exit code, the progress bar, and output
 * written through a temporary file. Light on purpose: it loads no framework, so `--help` and refused arguments answer
 * at once; cli-progress and node's file functions are loaded when a command first needs them.
 */
import { DomainError } from '../src/shared/domain-error.js';

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

/**
 * The failure as the operator sees it, or null for an unexpected one (printed with its stack). A domain error (a
 * password too short, a generator's refusal) is the operator's to mend, like in the API: its first field reason, or
 * its message, and exit code 1.
 */
export function commandErrorFrom(error: unknown): CommandError | null {
  if (error instanceof CommandError) return error;
  if (error instanceof DomainError) return new CommandError(Object.values(error.fields).flat()[0] ?? error.message, 1);
  return null;
}

type Payload = Record<string, unknown>;

export interface ProgressOptions {
  /** cli-progress's format, e.g. `Orders [{bar}] {value}/{total}`; payload fields by name (`{rows}`). */
  format: string;
  /**
   * Without a terminal no bar is drawn; these print one line each time the count passes a multiple of `every`
   * (log files and CI get a sign of life, not a line per row). The count is the bar's value, or the payload field `of`.
   */
  lines?: { every: number; of?: string; text: (state: { count: number; value: number; total: number }) => string };
}

export interface Progress {
  /** Whether a bar is drawn (stderr is a terminal): what only the bar needs (a total counted first) can be skipped. */
  readonly drawn: boolean;
  start(total: number, payload?: Payload): void;
  update(value: number, payload?: Payload): void;
  increment(): void;
  /** The generators' callback, `(done, total)`: the first call starts the bar. */
  readonly report: (done: number, total: number) => void;
  /** A line on stderr, above the bar, which redraws itself on its next update. */
  note(message: string): void;
  stop(): void;
}

/** A progress bar on stderr, drawn only on a terminal, so piped output and logs stay clean. */
export async function openProgress(options: ProgressOptions, stream: NodeJS.WriteStream = process.stderr): Promise<Progress> {
  const drawn = stream.isTTY === true;
  const bar = drawn ? await newBar(options.format, stream) : null;
  let started = false;
  let total = 0;
  let value = 0;
  let count = 0;
  const counted = (payload?: Payload) => {
    const of = options.lines?.of;
    return of !== undefined && typeof payload?.[of] === 'number' ? (payload[of] as number) : value;
  };
  const progress: Progress = {
    drawn,
    start(newTotal, payload) {
      started = true;
      total = newTotal;
      value = 0;
      count = counted(payload);
      bar?.start(newTotal, 0, payload);
    },
    update(newValue, payload) {
      value = newValue;
      const before = count;
      count = counted(payload);
      if (bar) {
        bar.update(newValue, payload);
        return;
      }
      const lines = options.lines;
      if (lines && Math.floor(count / lines.every) > Math.floor(before / lines.every)) stream.write(`${lines.text({ count, value, total })}\n`);
    },
    increment() {
      progress.update(value + 1);
    },
    report(done, reportTotal) {
      if (!started) progress.start(reportTotal);
      if (done > 0) progress.update(done);
    },
    note(message) {
      stream.write(`${bar ? '\r\x1b[2K' : ''}${message}\n`);
    },
    stop() {
      if (started) bar?.stop();
      started = false;
    },
  };
  return progress;
}

/**
 * cli-progress is loaded only when a bar is drawn. A CommonJS package: its exports are read from `default`, because
 * the esbuild bundle that bin/shop runs offers no named exports of a dynamic import where Node's own loader does (ADR 0031).
 */
async function newBar(format: string, stream: NodeJS.WriteStream) {
  const { SingleBar, Presets } = (await import('cli-progress')).default;
  return new SingleBar({ format, stream }, Presets.shades_classic);
}

export interface CommandOutput {
  /** Writes a chunk, waiting while the stream's buffer is full; fails on the stream's first error (a full disk, a closed pipe). */
  write(chunk: string): Promise<void>;
  /** The file is complete: it replaces the target (nothing for standard output). */
  commit(): Promise<void>;
  /** The command failed: the temporary file goes, and the target is left as it was. */
  discard(): Promise<void>;
}

/**
 * A command's output: standard output, or `file`, which is only ever replaced by a complete one. Data goes to a
 * temporary file beside it (same folder, so the final rename is atomic), opened here, before the database boots, so a
 * missing folder or permission fails first (exit 1). Interrupted (Ctrl+C, a stop), the temporary file goes too.
 */
export async function openOutput(file: string | undefined): Promise<CommandOutput> {
  if (file === undefined) return { write: writerFor(process.stdout), commit: async () => undefined, discard: async () => undefined };
  const { createWriteStream, rmSync } = await import('node:fs');
  const { rename, rm } = await import('node:fs/promises');
  const { finished } = await import('node:stream/promises');
  const path = await import('node:path');
  const target = path.resolve(file);
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
  const stream = createWriteStream(temporary, { flags: 'wx' });
  await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject)).catch((error: NodeJS.ErrnoException) => {
    throw new CommandError(`Cannot write ${file}: ${error.code ?? error.message}`, 1);
  });
  const onSignal = (signal: NodeJS.Signals) => {
    rmSync(temporary, { force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const settled = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  return {
    write: writerFor(stream),
    async commit() {
      stream.end();
      await finished(stream);
      await rename(temporary, target);
      settled();
    },
    async discard() {
      stream.destroy();
      await rm(temporary, { force: true });
      settled();
    },
  };
}

/**
 * Waits for the stream to drain when its buffer is full, so a slow disk or pipe slows the command down instead of
 * filling memory.
 */
function writerFor(stream: NodeJS.WritableStream): (chunk: string) => Promise<void> {
  let failure: Error | null = null;
  stream.on('error', (error: Error) => (failure = error));
  return async (chunk) => {
    if (failure) throw failure;
    if (!stream.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          stream.off('drain', done);
          stream.off('error', done);
          if (error) reject(error);
          else resolve();
        };
        stream.once('drain', done);
        stream.once('error', done);
      });
    }
    if (failure) throw failure;
  };
}
