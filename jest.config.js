// Jest runs the TypeScript sources as native ES modules (node --experimental-vm-modules), compiled by
// SWC with the same decorator settings as the build, so tests exercise the code exactly as it ships.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/'],
  // Sources import siblings as `./x.js` (NodeNext); point those at the .ts files.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/var/'],
};

// What the embedded database does its own way: the make-start path (migrations, seeding, the built server), search,
// transactions and row locks (checkout, stock, payments), the gap-free invoice counter under concurrency, the job
// queue's locking, and cursors (the orders export). The rest is the same SQL through the same ORM
// (docs/adr/0026-test-suite-time.md). TEST_PGLITE=all runs every e2e file on PGlite as well.
// staff-roles: issue 28 asks for the roles' e2e on both databases (ADR 0044), and staff-roles-migration its backfill (make start
// migrates PGlite); catalogue-maintenance: CLUSTER from the command line on PGlite too (ADR 0063); training-licences: the
// seat race under a row lock (ADR 0040).
// The course and training files here race for places, seats, reminders and progress reports; their other tests are
// itOnce (test/support/once-across-databases.ts). Not here, the same SQL through the same ORM on both: training-courses
// and training-certificates (content saved whole, a film on disk, codes, a PDF), partial-refunds (its credit notes come
// from the counter that invoices races) and course-waiting-list (idempotent deliveries, one after another) (ADR 0026,
// addendum 4).
const PGLITE_SUITE = [
  'cli', 'server-process', 'identity', 'catalogue', 'basket', 'checkout', 'payments', 'invoices', 'queue', 'orders-export',
  'staff-roles', 'staff-roles-migration', 'catalogue-maintenance', 'training-licences', 'training-learning',
  'course-sessions', 'training-reminders', 'course-session-changes', 'course-delegates', 'course-register'];
// The journeys that also run on PostgreSQL (issues 13 and 14 ask for buying and the admin portal on both databases).
const BROWSER_POSTGRES_SUITE = ['buying', 'admin-portal', 'admin-products', 'admin-content'];

const unit = { ...common, displayName: 'unit', testMatch: ['<rootDir>/{src,cli,web}/**/*.spec.{ts,tsx}', '<rootDir>/test/integration/**/*.int-spec.ts'] };
const allE2e = ['<rootDir>/test/e2e/**/*.e2e-spec.ts'];
const allBrowser = ['<rootDir>/test/browser/**/*.browser-spec.ts'];
const on = (database) => ({ setupFiles: [`<rootDir>/test/support/on-${database}.ts`] });
const files = (dir, suffix, names) => names.map((name) => `<rootDir>/test/${dir}/${name}.${suffix}.ts`);

/**
 * `make test` (scripts/test.sh, SHOP_TEST_RUN=all) runs every project in ONE jest run, so its workers always have a
 * file to take: one run per suite left a core idle at the end of each and between them. Each project names its
 * database (setupFiles), so the same file can run on both. Otherwise (a developer's `jest --selectProjects e2e …`),
 * `e2e` and `browser` follow TEST_DATABASE as before.
 */
const makeTestProjects = [
  unit,
  { ...common, ...on('postgres'), displayName: 'e2e-postgres', testMatch: allE2e },
  { ...common, ...on('pglite'), displayName: 'e2e-pglite', testMatch: process.env.TEST_PGLITE === 'all' ? allE2e : files('e2e', 'e2e-spec', PGLITE_SUITE) },
  { ...common, ...on('pglite'), displayName: 'browser', testMatch: allBrowser },
  { ...common, ...on('postgres'), displayName: 'browser-postgres', testMatch: files('browser', 'browser-spec', BROWSER_POSTGRES_SUITE) },
];

export default {
  // Jest reads the timeout only at the top level, not per project. Suites that start servers or browsers need it.
  testTimeout: 90_000,
  // Longest first when jest has no timings yet (a fresh clone): browser journeys, then PGlite, then the rest.
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.mjs',
  projects:
    process.env.SHOP_TEST_RUN === 'all'
      ? makeTestProjects
      : [
          unit,
          { ...common, displayName: 'e2e', testMatch: allE2e },
          { ...common, displayName: 'browser', testMatch: allBrowser },
        ],
};
