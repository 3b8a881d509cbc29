import { runShopAsync } from './server-process.js';
import type { DatabaseTemplate } from './test-database.js';

/**
 * A database as `make start` leaves it: `shop db:migrate` and `shop db:seed --demo` run by the BUILT command line
 * (the demo catalogue, its drawn pictures in DATA_DIR/files, the demo accounts). Built once per build (two CLI
 * processes and the pictures took ~15 s per suite) and copied, pictures included, for every browser suite and the
 * cluster test, which used to run both commands themselves.
 */
export const DEMO_SHOP_TEMPLATE: DatabaseTemplate = {
  name: 'demo-shop',
  builtFrom: ['dist/src', 'dist/cli', 'dist/migrations'],
  copy: 'data-dir',
  build: async (database) => {
    for (const args of [['db:migrate'], ['db:seed', '--demo']]) {
      // Asynchronously: the template's lock is kept fresh by a timer of this process (runShopAsync says why).
      const run = await runShopAsync(args, database.env);
      expect({ args, status: run.status, stderr: run.stderr }).toEqual({ args, status: 0, stderr: '' });
    }
  },
};
