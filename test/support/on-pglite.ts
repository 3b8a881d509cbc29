// A jest setup file of the `make test` projects that run on the embedded database (jest.config.js): read before the
// test file, so test-database.ts sees it. Jest gives each test file its own copy of process.env.
process.env.TEST_DATABASE = 'pglite';
