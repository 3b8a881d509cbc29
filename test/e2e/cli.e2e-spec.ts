import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.js';
import { runShop } from '../support/server-process.js';

describe(`the shop command line (${databaseKind})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('refuses to seed before the migrations ran', () => {
    const run = runShop(['db:seed', '--demo'], database.env);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/pending migration\(s\); run `shop db:migrate` first/);
  });

  it('applies the migrations once, then says the database is up to date', () => {
    const first = runShop(['db:migrate'], database.env);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Applied \d+ migration\(s\)/);
    const second = runShop(['db:migrate'], database.env);
    expect(second.stdout).toContain('The database is up to date.');
  });

  it('seeds demo widgets idempotently and lists them', () => {
    expect(runShop(['widgets:list'], database.env).stdout).toContain('No widgets yet');
    expect(runShop(['db:seed', '--demo'], database.env).stdout).toContain('added 3 widget(s), kept 0 existing');
    expect(runShop(['db:seed', '--demo'], database.env).stdout).toContain('added 0 widget(s), kept 3 existing');
    const list = runShop(['widgets:list', '--json'], database.env);
    expect(list.status).toBe(0);
    const widgets = JSON.parse(list.stdout) as Array<{ name: string }>;
    expect(widgets.map((w) => w.name)).toEqual(['home-accreditation', 'home-benefits', 'home-intro']);
  });

  it('seeds the demo admin and customer and prints their credentials', () => {
    const seeded = runShop(['db:seed', '--demo'], database.env);
    expect(seeded.stdout).toMatch(/admin\s+admin@example\.com \/ demo-admin-password/);
    expect(seeded.stdout).toMatch(/customer\s+customer@example\.com \/ demo-customer-password/);
  });

  it('creates an administrator with the password from standard input', () => {
    const created = runShop(['admin:create', 'Ops.Lead@HS-Training.co.uk', '--first-name', 'Ops'], database.env, 'Safety-First-Admin-9\n');
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('Created administrator ops.lead@hs-training.co.uk.');

    const again = runShop(['admin:create', 'ops.lead@hs-training.co.uk'], database.env, 'Safety-First-Admin-9\n');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('An account for ops.lead@hs-training.co.uk already exists.');
  });

  it('refuses a weak password or a bad address for a new administrator', () => {
    const weak = runShop(['admin:create', 'weak@hs-training.co.uk'], database.env, 'password\n');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('This password is too common; choose another.');
    const short = runShop(['admin:create', 'short@hs-training.co.uk'], database.env, 'abc\n');
    expect(short.stderr).toContain('at least 8 characters');
    const address = runShop(['admin:create', 'not-an-address'], database.env, 'Safety-First-Admin-9\n');
    expect(address.stderr).toContain('That is not an e-mail address.');
    expect(address.stderr).not.toMatch(/\n\s+at /);
  });

  it('has --help on every command', () => {
    const top = runShop(['--help'], database.env);
    expect(top.status).toBe(0);
    for (const command of ['db:migrate', 'db:seed', 'widgets:list', 'admin:create']) {
      expect(top.stdout).toContain(command);
      const help = runShop([command, '--help'], database.env);
      expect(help.status).toBe(0);
      expect(help.stdout).toContain(`Usage: shop ${command}`);
    }
  });

  it('exits non-zero with a clear message for an unknown command or option', () => {
    const unknown = runShop(['widgets:burn'], database.env);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain("unknown command 'widgets:burn'");
    const option = runShop(['widgets:list', '--colour'], database.env);
    expect(option.status).not.toBe(0);
    expect(option.stderr).toContain("unknown option '--colour'");
  });

  it('exits non-zero with the configuration problem, not a stack trace', () => {
    const run = runShop(['widgets:list'], { ...database.env, DATABASE_URL: 'mysql://nope' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
