// Orders the files of a jest run longest first, so that no worker is left alone with a long file at the end. Jest's
// own sequencer runs the failed files first, then orders by the timings it keeps, but puts the files it has no
// timing for (a fresh clone, a new file) first in file-size order, which knows nothing of what a file starts. Here a
// file without a timing gets an estimate from its project instead (a browser journey starts Chromium and a server;
// a file on PGlite boots the engine in its own process), and every file is placed by its time, known or estimated.
import Sequencer from '@jest/test-sequencer';

/** Rough seconds per file, from the runs measured in docs/adr/0026-test-suite-time.md. */
const ESTIMATE_MS = { browser: 50_000, 'browser-postgres': 50_000, 'e2e-pglite': 20_000, 'e2e-postgres': 8_000, e2e: 8_000, unit: 500 };

export default class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    for (const test of tests) test.duration = this.time(test);
    const failed = (test) => (this.hasFailed(test) ? 1 : 0);
    const expected = (test) => test.duration ?? ESTIMATE_MS[test.context.config.displayName?.name] ?? 1_000;
    // Among files with the same estimate (every e2e file of a fresh clone), the larger first: a long file left for
    // the end keeps one worker busy while the other has nothing to take.
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    return [...tests].sort((a, b) => failed(b) - failed(a) || expected(b) - expected(a) || size(b) - size(a));
  }
}
