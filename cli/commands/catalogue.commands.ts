import { type Command, InvalidArgumentError } from 'commander';
import { CommandError, openProgress } from '../command-kit.js';

/** The same bounds the generator enforces, repeated here so a bad number is refused before anything boots. */
const LIMITS = { products: { min: 1, max: 1_000_000 }, categories: { min: 6, max: 1000 }, seed: { min: 0, max: 2_147_483_647 } } as const;

function wholeNumber(what: keyof typeof LIMITS) {
  const { min, max } = LIMITS[what];
  return (value: string): number => {
    const number = /^[+-]?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(number) || number < min || number > max) {
      throw new InvalidArgumentError(`It must be a whole number from ${min.toLocaleString('en-GB')} to ${max.toLocaleString('en-GB')}.`);
    }
    return number;
  };
}

/** `--if-drifted 5` or `5%`: a share of the rows, as a percentage (0 to 100), returned as 0–1. */
export function percentage(value: string): number {
  const match = /^\s*(\d{1,3}(?:\.\d+)?)\s*%?\s*$/.exec(value);
  const number = match ? Number(match[1]) : Number.NaN;
  if (!(number >= 0 && number <= 100)) throw new InvalidArgumentError('It must be a percentage from 0 to 100, e.g. 5 or 2.5%.');
  return number / 100;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

interface GenerateOptions {
  products: number;
  categories: number;
  seed: number;
  yes: boolean;
}

export function registerCatalogueCommands(program: Command): void {
  program
    .command('catalogue:generate')
    .description('create a large synthetic catalogue for benchmarks: products with options, categories and brands (no images or files)')
    .requiredOption('--products <count>', 'how many products (1 to 1,000,000)', wholeNumber('products'))
    .option('--categories <count>', 'how many categories, the six standard ones included (6 to 1,000)', wholeNumber('categories'), 200)
    .option('--seed <number>', 'the same seed gives the same catalogue (titles, prices, options)', wholeNumber('seed'), 1)
    .option('--yes', 'replace a catalogue that already has products: every product, category and brand is deleted first', false)
    .addHelpText('after', `
Without --yes the command refuses a database that already has products. With --yes the whole catalogue is
replaced: products (with their options, images, videos, files, views and previews), categories and brands are
deleted first; files already in file storage are left where they are. Titles mix health-and-safety subjects
("Manual Handling Training DVD for Supervisors"), so searches match a realistic share; no product contains the
word "zyzzyva". About 1% of products are drafts and 1% featured. The tables are analysed afterwards.
Example: shop catalogue:generate --products 100000 --seed 7`)
    .action(async (options: GenerateOptions) => {
      const { withMigratedCore } = await import('../cli-context.js');
      const { SyntheticCatalogueGenerator } = await import('../../src/modules/catalogue/index.js');
      const progress = await openProgress({ format: 'Products [{bar}] {value}/{total} {percentage}% {duration_formatted}' });
      const result = await withMigratedCore(async (app) => {
        const generator = app.get(SyntheticCatalogueGenerator);
        const existing = await generator.countProducts();
        if (existing > 0 && !options.yes) {
          throw new CommandError(
            `The catalogue already has ${existing.toLocaleString('en-GB')} product(s). Add --yes to replace it (every product, ` +
            'category and brand is deleted first), or point the shop at an empty database.',
          );
        }
        try {
          return await generator.generate(
            { products: options.products, categories: options.categories, seed: options.seed, replace: options.yes },
            progress.report,
          );
        } finally {
          progress.stop();
        }
      });
      const number = (n: number) => n.toLocaleString('en-GB');
      if (result.deleted > 0) console.log(`Deleted the existing catalogue of ${number(result.deleted)} product(s).`);
      console.log(
        `Generated ${number(result.products)} products (${number(result.options)} options, ${number(result.categoryLinks)} category links) ` +
        `in ${number(result.categories)} categories with ${number(result.brands)} brands in ${(result.milliseconds / 1000).toFixed(1)} s (seed ${options.seed}).`,
      );
    });

  program
    .command('catalogue:recluster')
    .description('put the search table back in category-set order (CLUSTER and ANALYZE), reporting how far it had drifted')
    .option('--if-drifted <percent>', 'only when more than this share of its rows is out of order (0 to 100), e.g. 5', percentage)
    .addHelpText('after', `
Searches read a word's matches from product_search, kept in category-set order so a topic's products share pages
(ADR 0053). Products edited one by one land wherever there is room and the order drifts; this measures the share of
rows out of order (0% just after clustering, about 50% in no order) and rewrites the table in order. The rewrite
holds an exclusive lock on product_search while it runs (about 1 s per 100,000 products): searches wait for it.
catalogue:generate already re-clusters after its bulk load.
Nightly, e.g. from cron:  15 3 * * *  shop catalogue:recluster --if-drifted 5`)
    .action(async (options: { ifDrifted?: number }) => {
      const { withMigratedCore } = await import('../cli-context.js');
      const { SearchTableService } = await import('../../src/modules/catalogue/index.js');
      const result = await withMigratedCore((app) => app.get(SearchTableService).recluster({ ifDriftedAbove: options.ifDrifted }));
      console.log(`product_search: ${result.rows.toLocaleString('en-GB')} row(s), ${percent(result.driftBefore)} out of category-set order.`);
      if (!result.reclustered) {
        console.log(`Not re-clustered: at or below the threshold of ${percent(options.ifDrifted!)}.`);
        return;
      }
      console.log(`Re-clustered and analysed in ${(result.milliseconds / 1000).toFixed(1)} s: now ${percent(result.driftAfter!)} out of order.`);
    });
}
