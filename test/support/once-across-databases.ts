/**
 * `make test` runs the PGLITE_SUITE e2e files on both databases (jest.config.js). Some of their tests do not touch
 * what differs between the two — a refused argument, the help text, a format worked out in JavaScript — and running
 * them again on PGlite only costs time (each `bin/shop` there also boots the WASM engine). `itOnce` registers such a
 * test as usual, except in the PGlite pass of a run that has the same file on PostgreSQL too (scripts/test.sh sets
 * TEST_ALSO_ON_POSTGRES), where it is left out: the test still runs once in every `make test`, on PostgreSQL.
 * A developer's `TEST_DATABASE=pglite jest …` of one file runs all of it (docs/adr/0026-test-suite-time.md).
 */
const ranOnPostgresToo = process.env.TEST_DATABASE === 'pglite' && process.env.TEST_ALSO_ON_POSTGRES === '1';

const leftOut = Object.assign((): void => undefined, { each: () => (): void => undefined }) as unknown as jest.It;

export const itOnce: jest.It = ranOnPostgresToo ? leftOut : it;

/**
 * A whole group left out of that PGlite pass, hooks included (jest runs no `beforeAll` of a group without tests): for
 * a group that starts an application of its own to check what JavaScript decides (a payment provider's signatures).
 */
export const describeOnce: jest.Describe = ranOnPostgresToo ? (((): void => undefined) as unknown as jest.Describe) : describe;
