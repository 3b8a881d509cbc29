import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CommandError, openProgress } from '../command-kit.js';

interface Row {
  line: number;
  fields: Record<string, unknown>;
}

/** Rows of a CSV (header row, `path,title,description[,canonical_url,share_image]`) or a JSON array. */
async function readRows(file: string): Promise<Row[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CommandError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const extension = path.extname(file).toLowerCase();
  if (extension === '.json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new CommandError(`${file} is not valid JSON: ${(error as Error).message}`);
    }
    if (!Array.isArray(data)) throw new CommandError(`${file} must hold a JSON array of entries.`);
    return data.map((fields, index) => ({ line: index + 1, fields: fields && typeof fields === 'object' && !Array.isArray(fields) ? fields : { entry: fields } }));
  }
  if (extension !== '.csv') throw new CommandError('The file must end in .csv or .json.');
  const { parse } = await import('csv-parse/sync');
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { skip_empty_lines: true, trim: true, bom: true, info: true }) as unknown as typeof records;
  } catch (error) {
    throw new CommandError(`${file} is not valid CSV: ${(error as Error).message}`);
  }
  if (records.length === 0) throw new CommandError(`${file} is empty: it needs a header row (path,title,description).`, 2);
  // A wrong header is one error of the file (exit 2), not one per row.
  const { seoHeaderProblem } = await import('../../src/modules/content/index.js');
  const header = records[0]!.record.map((name) => name.trim().toLowerCase());
  const problem = seoHeaderProblem(header);
  if (problem) throw new CommandError(`${file}: ${problem}`, 2);
  return records.slice(1).map(({ record, info }) => ({ line: info.lines, fields: Object.fromEntries(header.map((name, index) => [name, record[index]])) }));
}

export function registerSeoCommands(program: Command): void {
  program
    .command('seo:seed')
    .description('create or update SEO entries by path from a CSV (path,title,description[,canonical_url,share_image]) or JSON file')
    .argument('<file>', 'a .csv file with a header row, or a .json array of entries')
    .option('--dry-run', 'check every row and report what would change, writing nothing', false)
    .addHelpText('after', `
CSV: a header row naming path, title and description (and optionally canonical_url, share_image), in any order.
JSON: an array of objects with those keys. Each rejected row is reported with its line.

Exit codes: 0 every row was saved (or unchanged), 1 some rows were rejected (the good ones were saved) or the file
could not be read, 2 the header row is wrong or missing (nothing was saved).

Example:
  shop seo:seed seo-entries.csv --dry-run
`)
    .action(async (file: string, options: { dryRun: boolean }) => {
      const rows = await readRows(file);
      const { withCore } = await import('../cli-context.js');
      const { parseSeoEntryInput, SeoService } = await import('../../src/modules/content/index.js');
      const progress = await openProgress({ format: 'SEO entries [{bar}] {value}/{total}' });
      const counts = { created: 0, updated: 0, unchanged: 0 };
      const rejected: string[] = [];
      const seen = new Map<string, number>();
      await withCore(async (app) => {
        const seo = app.get(SeoService);
        progress.start(rows.length);
        for (const row of rows) {
          const parsed = await parseSeoEntryInput(row.fields);
          if ('errors' in parsed) {
            rejected.push(`line ${row.line}: ${Object.entries(parsed.errors).map(([field, reasons]) => `${field}: ${reasons.join(' ')}`).join('; ')}`);
          } else if (seen.has(parsed.input.path)) {
            rejected.push(`line ${row.line}: path: ${parsed.input.path} appears already on line ${seen.get(parsed.input.path)}.`);
          } else {
            seen.set(parsed.input.path, row.line);
            counts[await seo.upsertByPath(parsed.input, { dryRun: options.dryRun })] += 1;
          }
          progress.increment();
        }
        progress.stop();
      });
      for (const message of rejected) console.error(message);
      const verb = options.dryRun ? 'Would create' : 'Created';
      console.log(`${verb} ${counts.created}, ${options.dryRun ? 'would update' : 'updated'} ${counts.updated}, unchanged ${counts.unchanged}, rejected ${rejected.length}.${options.dryRun ? ' (Dry run: nothing was written.)' : ''}`);
      if (rejected.length > 0) throw new CommandError(`${rejected.length} row(s) were rejected; the others were ${options.dryRun ? 'checked' : 'saved'}.`);
    });
}
