import { appliedMigrations } from './db.commands.js';

describe('appliedMigrations (what db:migrate prints)', () => {
  it('says when there was nothing to do', () => {
    expect(appliedMigrations([])).toBe('The database is up to date.');
  });

  it("lists an upgrade's few migrations by name", () => {
    expect(appliedMigrations(['Migration20261127000100A', 'Migration20261127000200B'])).toBe(
      'Applied 2 migration(s):\n  Migration20261127000100A\n  Migration20261127000200B',
    );
  });

  it("gives a new database's whole history one line", () => {
    const all = Array.from({ length: 20 }, (_, index) => `Migration${index + 1}`);
    expect(appliedMigrations(all)).toBe('Applied 20 migration(s), Migration1 to Migration20.');
  });
});
