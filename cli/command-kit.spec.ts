import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DomainError, InvalidInputError } from '../src/shared/domain-error.js';
import { CommandError, commandErrorFrom, openOutput, openProgress } from './command-kit.js';

/** stderr as a test sees it: everything written, and whether it claims to be a terminal. */
function fakeStderr(isTTY: boolean) {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  }) as Writable & { isTTY: boolean; columns: number };
  stream.isTTY = isTTY;
  stream.columns = 100;
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

describe('commandErrorFrom (one mapping from failures to exit codes)', () => {
  it('keeps a CommandError with its exit code', () => {
    const error = new CommandError('bad input', 2);
    expect(commandErrorFrom(error)).toBe(error);
  });

  it("turns a DomainError into its first field's reason, or its message, with exit code 1", () => {
    expect(commandErrorFrom(new InvalidInputError('password', 'It must be at least 8 characters.'))).toEqual(
      expect.objectContaining({ message: 'It must be at least 8 characters.', exitCode: 1 }),
    );
    expect(commandErrorFrom(new DomainError('conflict', 'The catalogue has orders.'))).toEqual(expect.objectContaining({ message: 'The catalogue has orders.', exitCode: 1 }));
  });

  it('leaves anything else to be reported as unexpected', () => {
    expect(commandErrorFrom(new TypeError('x is undefined'))).toBeNull();
    expect(commandErrorFrom('a string')).toBeNull();
  });
});

describe('openProgress', () => {
  it('draws no bar without a terminal, only a line each time the count passes a multiple of `every`', async () => {
    const stderr = fakeStderr(false);
    const progress = await openProgress({ format: 'Orders [{bar}] {value}/{total}', lines: { every: 1000, text: ({ count }) => `Progress: ${count} orders.` } }, stderr.stream);
    expect(progress.drawn).toBe(false);
    progress.start(1);
    for (const value of [400, 999, 1000, 1500, 2600, 2700]) progress.update(value);
    progress.note('line 7: email: It is not an e-mail address.');
    progress.stop();
    expect(stderr.text()).toBe('Progress: 1000 orders.\nProgress: 2600 orders.\nline 7: email: It is not an e-mail address.\n');
  });

  it('counts a payload field when told to, and gives the text the value and total too', async () => {
    const stderr = fakeStderr(false);
    const progress = await openProgress(
      { format: '{rows}', lines: { every: 2, of: 'rows', text: ({ count, value, total }) => `${count} rows (${Math.floor((100 * value) / total)}%)` } },
      stderr.stream,
    );
    progress.start(200, { rows: 0 });
    for (let rows = 1; rows <= 5; rows += 1) progress.update(rows * 30, { rows });
    expect(stderr.text()).toBe('2 rows (30%)\n4 rows (60%)\n');
  });

  it('on a terminal, draws the bar from the generators\' (done, total) callback and writes notes above it', async () => {
    const stderr = fakeStderr(true);
    const progress = await openProgress({ format: 'Products [{bar}] {value}/{total}' }, stderr.stream);
    expect(progress.drawn).toBe(true);
    progress.report(0, 50);
    progress.report(50, 50);
    progress.note('a note');
    progress.stop();
    expect(stderr.text()).toContain('Products [');
    expect(stderr.text()).toContain('50/50');
    expect(stderr.text()).toContain('\r\x1b[2Ka note\n');
  });
});

describe('openOutput (a file replaced only by a complete one)', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'command-kit-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('writes through a temporary file beside the target and renames it at the end', async () => {
    const target = path.join(folder, 'orders.csv');
    const signalListeners = process.listenerCount('SIGINT');
    const out = await openOutput(target);
    await out.write('a,b\r\n');
    expect(await readdir(folder)).toEqual([`.orders.csv.${process.pid}.tmp`]);
    await out.write('1,2\r\n');
    await out.commit();
    expect(await readdir(folder)).toEqual(['orders.csv']);
    expect(await readFile(target, 'utf8')).toBe('a,b\r\n1,2\r\n');
    // Its Ctrl+C clean-up is gone with it: a later signal is the process's own again.
    expect(process.listenerCount('SIGINT')).toBe(signalListeners);
  });

  it('leaves the previous file as it was when the command fails', async () => {
    const target = path.join(folder, 'orders.csv');
    await writeFile(target, 'the last complete export');
    const out = await openOutput(target);
    await out.write('half of a');
    await out.discard();
    expect(await readdir(folder)).toEqual(['orders.csv']);
    expect(await readFile(target, 'utf8')).toBe('the last complete export');
  });

  it('fails at once, with exit code 1, when the file cannot be written', async () => {
    const failure = await openOutput(path.join(folder, 'no-such-folder', 'orders.csv')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CommandError);
    expect(failure).toEqual(expect.objectContaining({ message: `Cannot write ${path.join(folder, 'no-such-folder', 'orders.csv')}: ENOENT`, exitCode: 1 }));
  });
});
