import { type Command, InvalidArgumentError } from 'commander';
import { CommandError, openOutput, openProgress } from '../command-kit.js';

/** Without a terminal, one progress line per this many orders. */
const PROGRESS_EVERY = 10_000;

interface ExportOptions {
  from?: string;
  to?: string;
  status: string[];
  format: string;
  out?: string;
}

/** `--status` may be given again and again; each value may hold several, comma-separated. */
const collect = (value: string, previous: string[]) => [...previous, value];

/** The same bounds the generator enforces, repeated here so a bad number is refused before anything boots. */
function orderCount(value: string): number {
  const number = /^[+-]?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1 || number > 1_000_000) throw new InvalidArgumentError('It must be a whole number from 1 to 1,000,000.');
  return number;
}

function yearCount(value: string): number {
  const number = /^[+-]?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1 || number > 10) throw new InvalidArgumentError('It must be a whole number from 1 to 10.');
  return number;
}

export function registerOrdersCommands(program: Command): void {
  program
    .command('orders:export')
    .description('write every line of the orders placed in a period as CSV or NDJSON, streamed in batches (constant memory)')
    .option('--from <date>', 'the first UK calendar day, YYYY-MM-DD, included (required)')
    .option('--to <date>', 'the last UK calendar day, YYYY-MM-DD, included (required)')
    .option('--status <status>', 'only orders in this status; repeat it or separate several by commas (default: every status)', collect, [])
    .option('--format <format>', 'csv (RFC 4180, header row, CRLF) or json (NDJSON: one object per line)', 'csv')
    .option('--out <file>', 'write to this file (through a temporary file renamed at the end, so a failed export leaves none); default: standard output')
    .addHelpText('after', `
One row per order line, one more (row_type "delivery") for the order's delivery and one per credit note (row_type
"credit_note", amounts negative), so an order's rows add up to its totals less what was credited. Columns:
order_number, order_date, status, customer_email, customer_company, po_number,
row_type (line|delivery|credit_note), description, code, quantity, unit_price_ex_vat, line_total_ex_vat, vat (the line's share
of the order's VAT), line_total_inc_vat, invoice_number, invoice_date. Money in pounds with two decimals (12.50).

Time zone: --from and --to are calendar days in the UK (Europe/London): --from 2026-07-01 starts at midnight
BST (2026-06-30T23:00:00Z). Timestamps are ISO 8601 in UK time with their offset (2026-07-01T00:30:00+01:00).
Orders come oldest first (by the time they were placed). Statuses: pending_payment, awaiting_payment (on
account, invoiced), paid, processing, dispatched, completed, cancelled, refunded. Progress and the summary go to stderr when the data goes to stdout.

Exit codes: 0 exported (also when no order matched), 1 the export failed (no --out file is left behind),
2 bad input (a date, --from after --to, a status or a format).

Examples:
  shop orders:export --from 2026-04-01 --to 2027-03-31 --out orders-2026-27.csv
  shop orders:export --from 2026-07-01 --to 2026-07-31 --status paid,completed --format json | jq .vat
`)
    .action(async (options: ExportOptions) => {
      const { exportPeriod, parseStatuses } = await import('../../src/modules/orders/index.js');
      const problems: string[] = [];
      if (options.from === undefined) problems.push('--from is required (the first day, YYYY-MM-DD).');
      if (options.to === undefined) problems.push('--to is required (the last day, YYYY-MM-DD).');
      const period = options.from !== undefined && options.to !== undefined ? exportPeriod(options.from, options.to) : null;
      if (period && 'problems' in period) problems.push(...period.problems);
      const statuses = parseStatuses(options.status);
      if ('problem' in statuses) problems.push(`--status: ${statuses.problem}`);
      const format = options.format.trim().toLowerCase();
      if (format !== 'csv' && format !== 'json') problems.push(`--format: "${options.format}" is not csv or json.`);
      if (problems.length > 0 || !period || !('period' in period) || 'problem' in statuses) {
        throw new CommandError(`${problems.join('\n')}\n(add --help for usage)`, 2);
      }
      const filter = { period: period.period, statuses: statuses.statuses };

      const { csvRecord, spreadsheetSafe } = await import('../../src/shared/csv.js');
      const { withMigratedCore } = await import('../cli-context.js');
      const { OrderExportService, ORDER_EXPORT_COLUMNS, ORDER_EXPORT_TEXT_COLUMNS } = await import('../../src/modules/orders/index.js');

      const out = await openOutput(options.out);
      const report = (message: string) => (options.out ? console.log(message) : console.error(message));
      const started = performance.now();
      const counts = { orders: 0, rows: 0 };
      const progress = await openProgress({
        format: 'Orders [{bar}] {percentage}% | {value}/{total} | ETA {eta_formatted}',
        lines: { every: PROGRESS_EVERY, text: ({ count }) => `Progress: ${count.toLocaleString('en-GB')} orders exported.` },
      });
      try {
        await withMigratedCore(async (app) => {
          const service = app.get(OrderExportService);
          // The count is a query of its own, worth it only for a bar's total.
          const total = progress.drawn ? await service.countOrders(filter) : 0;
          if (format === 'csv') await out.write(csvRecord(ORDER_EXPORT_COLUMNS));
          progress.start(Math.max(total, 1));
          try {
            for await (const batch of service.batches(filter)) {
              // One write per batch: a string of ~3,000 rows, then the batch is garbage.
              await out.write(
                format === 'csv'
                  ? batch.rows.map((row) => csvRecord(ORDER_EXPORT_COLUMNS.map((column) => (ORDER_EXPORT_TEXT_COLUMNS.has(column) ? spreadsheetSafe(row[column]) : row[column])))).join('')
                  : batch.rows.map((row) => `${JSON.stringify(row)}\n`).join(''),
              );
              counts.orders += batch.orders;
              counts.rows += batch.rows.length;
              progress.update(counts.orders);
            }
          } finally {
            progress.stop();
          }
        });
        await out.commit();
      } catch (error) {
        await out.discard();
        if ((error as NodeJS.ErrnoException).code === 'EPIPE') throw new CommandError('The export stopped: its output was closed.', 1);
        throw error;
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      report(`Exported ${counts.orders.toLocaleString('en-GB')} order(s) in ${counts.rows.toLocaleString('en-GB')} row(s) in ${seconds} s${options.out ? ` to ${options.out}` : ''}.`);
    });

  program
    .command('orders:generate')
    .description('create synthetic orders for benchmarks (e.g. of orders:export): 1–5 lines each from the catalogue, over the last 12 months (or --years)')
    .requiredOption('--orders <count>', 'how many orders (1 to 1,000,000)', orderCount)
    .option('--years <count>', 'spread them over this many years up to now (1 to 10)', yearCount, 1)
    .addHelpText('after', `
The orders belong to existing customer accounts; when there are fewer than one per 20 orders (10 to 50,000),
synthetic customers (synthetic.customer.N@example.test, no password) are added first. A tenth of the orders go
to one customer in 250 (the heavy buyers: ~500 orders each at 1,000,000 orders); 30% carry a PO number. Each order has 1–5
distinct options of published products at their current prices, a delivery (the first active delivery type)
when anything is physical, and totals and VAT as checkout computes them. Of the last 60 days' orders about 55%
are completed, 20% paid, 8% processing, 7% dispatched, 5% cancelled, 3% refunded and 2% pending payment; older
ones are completed (92%), cancelled (5%) or refunded (3%). Paid ones get invoice numbers
(refunded ones a refund of the whole order, and one completed or dispatched order in 30 a refund of one unit,
each a credit note) from the same gap-free counters as real payments, in date order per batch of 5,000. No stock is taken and no e-mail is sent. Needs a catalogue: run catalogue:generate (or db:seed --demo) first.

Example:
  shop catalogue:generate --products 10000 && shop orders:generate --orders 100000
  shop orders:generate --orders 1000000 --years 5     (a shop with history: make bench's BENCH_ORDERS)
`)
    .action(async (options: { orders: number; years: number }) => {
      const { withMigratedCore } = await import('../cli-context.js');
      const { SyntheticOrderGenerator } = await import('../../src/modules/orders/index.js');
      const progress = await openProgress({ format: 'Orders [{bar}] {value}/{total} {percentage}% {duration_formatted}' });
      const result = await withMigratedCore(async (app) => {
        try {
          return await app.get(SyntheticOrderGenerator).generate({ orders: options.orders, years: options.years }, progress.report);
        } finally {
          progress.stop();
        }
      });
      const number = (n: number) => n.toLocaleString('en-GB');
      if (result.customersAdded > 0) console.log(`Added ${number(result.customersAdded)} synthetic customer(s).`);
      console.log(
        `Generated ${number(result.orders)} orders (${number(result.lines)} lines, ${number(result.invoices)} invoices, ` +
        `${number(result.creditNotes)} credit notes) for ${number(result.customers)} customers in ${(result.milliseconds / 1000).toFixed(1)} s.`,
      );
    });
}
