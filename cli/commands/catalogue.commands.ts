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
}
