import type { Command } from 'commander';
import type { Options } from 'csv-parse';
import { CommandError, openProgress } from '../command-kit.js';

/** Rows per transaction (and per look-up of existing e-mails). */
const BATCH_SIZE = 500;
/** Without a terminal, one progress line per this many rows. */
const PROGRESS_EVERY = 10_000;

/**
 * How the file is read: BOM or none, CRLF or LF (even mixed), blank lines and rows of empty cells skipped,
 * short rows allowed (missing cells are empty), each record with its position.
 */
export const CSV_OPTIONS = {
  bom: true,
  info: true,
  record_delimiter: ['\r\n', '\n'],
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  relax_column_count: true,
} satisfies Options;

interface ImportOptions {
  dryRun: boolean;
  update: boolean;
  allowAdmin: boolean;
}

/**
 * The line a record starts on, as an editor shows it (the header is line 1). csv-parse reports the line a
 * record ends on, and counts a CRLF inside a quoted cell as two lines; one counter per file corrects both.
 */
export function recordStartLines(): (record: readonly string[], endLine: number) => number {
  let doubleCounted = 0;
  return (record, endLine) => {
    let breaks = 0;
    for (const field of record) {
      if (!field.includes('\n') && !field.includes('\r')) continue;
      doubleCounted += field.match(/\r\n/g)?.length ?? 0;
      breaks += field.match(/\r\n|\r|\n/g)?.length ?? 0;
    }
    return endLine - doubleCounted - breaks;
  };
}

export function registerUsersCommands(program: Command): void {
  program
    .command('users:import')
    .description('create (or with --update, change) users from a CSV file, matched by e-mail; passwords are never imported')
    .argument('<file>', 'a CSV file (UTF-8, with or without BOM) with a header row')
    .option('--dry-run', 'check every row and count what would change, writing nothing', false)
    .option('--update', "change existing users' fields (otherwise they are skipped)", false)
    .option('--allow-admin', 'accept rows with role=admin (otherwise they are rejected)', false)
    .addHelpText('after', `
Columns (header row, any order): email, first_name, last_name (required); company_name, job_title, phone,
vat_number, role (customer|admin), marketing_consent (true/false, yes/no, 1/0), billing_line1, billing_line2,
billing_town, billing_county, billing_postcode. Unknown columns are reported once and ignored; account_terms
(yes/no) lets a customer pay on account. An empty cell leaves an existing user's value as it is.

Rows are checked by the same rules as the API's profile; each bad row is reported on stderr with its line
(the header is line 1) and reason, and the good rows are imported, ${BATCH_SIZE} per transaction. New users
have no password: they choose one through "forgot password". Running the same file again changes nothing.

Exit codes: 0 every row was imported (or skipped), 1 some rows were rejected, 2 the file or its header is
unusable (nothing was imported).

Example:
  shop users:import customers.csv --dry-run
  shop users:import customers.csv --update
`)
    .action(async (file: string, options: ImportOptions) => {
      const { createReadStream } = await import('node:fs');
      const { stat } = await import('node:fs/promises');
      const { pipeline } = await import('node:stream/promises');
      const { parse } = await import('csv-parse');

      let size: number;
      try {
        size = (await stat(file)).size;
      } catch (error) {
        throw new CommandError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, 2);
      }
      const parser = parse(CSV_OPTIONS);
      // A read error (a folder, no permission) reaches the loop through the parser, which pipeline destroys.
      pipeline(createReadStream(file), parser).catch(() => undefined);
      const records = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number; bytes: number } }>;

      const { readUserImportHeader, parseUserImportRow, UserImportService } = await import('../../src/modules/identity/index.js');
      let first: IteratorResult<{ record: string[] }>;
      try {
        first = await records.next();
      } catch (error) {
        throw new CommandError(`${file}: the header row is not valid CSV: ${(error as Error).message}`, 2);
      }
      if (first.done) throw new CommandError(`${file} is empty: it needs a header row (email, first_name, last_name, …).`, 2);
      const header = readUserImportHeader(first.value.record);
      if (header.problem) throw new CommandError(`${file}: ${header.problem}`, 2);
      if (header.unknown.length > 0) console.error(`Unknown column(s), ignored: ${header.unknown.join(', ')}.`);
      for (const column of header.unsupported) console.error(`${column}: not supported yet; the column is ignored.`);

      const { withMigratedCore } = await import('../cli-context.js');
      type Row = Parameters<InstanceType<typeof UserImportService>['importBatch']>[0][number];

      const started = performance.now();
      const counts = { read: 0, created: 0, updated: 0, skipped: 0, rejected: 0 };
      // The bar follows the bytes read (the file's size is known, its rows are not); the lines without a terminal, the rows.
      const progress = await openProgress({
        format: 'Users [{bar}] {percentage}% | {rows} rows | ETA {eta_formatted}',
        lines: {
          every: PROGRESS_EVERY,
          of: 'rows',
          text: ({ count, value, total }) => `Progress: ${count.toLocaleString('en-GB')} rows read (${Math.floor((100 * value) / total)}%).`,
        },
      });
      // A batch's rejected rows, reported in line order once the batch is through.
      let rejected: Array<{ line: number; reason: string }> = [];
      const reportRejected = () => {
        counts.rejected += rejected.length;
        for (const { line, reason } of rejected.sort((a, b) => a.line - b.line)) progress.note(`line ${line}: ${reason}`);
        rejected = [];
      };
      let stoppedAt: string | null = null;

      await withMigratedCore(async (app) => {
        const service = app.get(UserImportService);
        const batchOptions = { ...options, seen: new Map<string, number>() };
        const startLine = recordStartLines();
        let batch: Row[] = [];
        const importBatch = async () => {
          const result = await service.importBatch(batch, batchOptions);
          batch = [];
          counts.created += result.created;
          counts.updated += result.updated;
          counts.skipped += result.skipped;
          rejected.push(...result.rejected);
          reportRejected();
        };
        progress.start(Math.max(size, 1), { rows: 0 });
        try {
          for (;;) {
            let next: IteratorResult<{ record: string[]; info: { lines: number; bytes: number } }>;
            try {
              next = await records.next();
            } catch (error) {
              stoppedAt = (error as Error).message;
              break;
            }
            if (next.done) break;
            const { record, info } = next.value;
            const line = startLine(record, info.lines);
            counts.read += 1;
            const extra = record.slice(header.columns.length).filter((value) => value.trim() !== '');
            if (extra.length > 0) {
              rejected.push({ line, reason: `the row has ${record.length} fields; the header has ${header.columns.length}.` });
            } else {
              const parsed = await parseUserImportRow(Object.fromEntries(header.columns.map((column, index) => [column, record[index]])), line);
              if ('errors' in parsed) {
                rejected.push({ line, reason: Object.entries(parsed.errors).map(([field, reasons]) => `${field}: ${reasons.join(' ')}`).join('; ') });
              } else {
                batch.push(parsed.row);
              }
            }
            if (batch.length + rejected.length >= BATCH_SIZE) await importBatch();
            progress.update(info.bytes, { rows: counts.read });
          }
          await importBatch();
        } finally {
          progress.stop();
        }
      });

      if (stoppedAt) console.error(`${file} is not valid CSV: ${stoppedAt} Reading stopped there; the rows before it were ${options.dryRun ? 'checked' : 'imported'}.`);
      const number = (n: number) => n.toLocaleString('en-GB');
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const [create, update] = options.dryRun ? ['would create', 'would update'] : ['created', 'updated'];
      console.log(
        `Read ${number(counts.read)} row(s) in ${seconds} s: ${create} ${number(counts.created)}, ${update} ${number(counts.updated)}, ` +
        `skipped ${number(counts.skipped)}, rejected ${number(counts.rejected)}.` +
        (counts.skipped > 0 && !options.update ? ' (Skipped users exist already; --update changes them.)' : '') +
        (options.dryRun ? ' (Dry run: nothing was written.)' : ''),
      );
      if (stoppedAt) throw new CommandError('The import stopped at invalid CSV.');
      if (counts.rejected > 0) {
        throw new CommandError(`${number(counts.rejected)} row(s) were rejected; the others were ${options.dryRun ? 'checked' : 'imported'}.`);
      }
    });
}
