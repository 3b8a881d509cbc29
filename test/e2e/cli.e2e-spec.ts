import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.js';
import { runShop } from '../support/server-process.js';
import { itOnce } from '../support/once-across-databases.js';

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
    const first = runShop(['db:seed', '--demo'], database.env).stdout;
    expect(first).toContain('added 14 widget(s), kept 0 existing');
    expect(first).toContain('Reference data: added 4 delivery type(s).');
    const second = runShop(['db:seed', '--demo'], database.env).stdout;
    expect(second).toContain('added 0 widget(s), kept 14 existing');
    expect(second).toContain('Reference data: added 0 delivery type(s).');
    const list = runShop(['widgets:list', '--json'], database.env);
    expect(list.status).toBe(0);
    const widgets = JSON.parse(list.stdout) as Array<{ name: string }>;
    expect(widgets.map((w) => w.name)).toEqual([
      'about-main',
      'contact-main',
      'delivery-information',
      'home-accreditation',
      'home-benefits',
      'home-intro',
      'joinus-distribution',
      'joinus-partnership',
      'joinus-recruitment',
      'privacy-policy',
      'riskassessments-main',
      'terms-and-conditions',
      'training-booking',
      'training-main',
    ]);
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

  itOnce('refuses a weak password or a bad address for a new administrator', () => {
    const weak = runShop(['admin:create', 'weak@hs-training.co.uk'], database.env, 'password\n');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('This password is too common; choose another.');
    const short = runShop(['admin:create', 'short@hs-training.co.uk'], database.env, 'abc\n');
    expect(short.stderr).toContain('at least 8 characters');
    const address = runShop(['admin:create', 'not-an-address'], database.env, 'Safety-First-Admin-9\n');
    expect(address.stderr).toContain('That is not an e-mail address.');
    expect(address.stderr).not.toMatch(/\n\s+at /);
  });

  describe('seo:seed', () => {
    const dir = () => database.env.DATA_DIR;
    const write = (name: string, text: string) => {
      writeFileSync(path.join(dir(), name), text);
      return path.join(dir(), name);
    };

    it('upserts the rows of a good CSV, and is idempotent', () => {
      const file = write('seo.csv', [
        'path,title,description,canonical_url',
        '/category/posters,Safety Posters,"Laminated posters, A2 and A3",',
        '/training,Training Courses,On-site and online courses,https://shop.example.co.uk/training',
      ].join('\n'));
      const dry = runShop(['seo:seed', file, '--dry-run'], database.env);
      expect(dry.status).toBe(0);
      expect(dry.stdout).toContain('Would create 2, would update 0, unchanged 0, rejected 0. (Dry run: nothing was written.)');
      const first = runShop(['seo:seed', file], database.env);
      expect(first.stderr).toBe('');
      expect(first.stdout).toContain('Created 2, updated 0, unchanged 0, rejected 0.');
      const second = runShop(['seo:seed', file], database.env);
      expect(second.stdout).toContain('Created 0, updated 0, unchanged 2, rejected 0.');
    });

    it('reports each bad row with its line and reason, saves the good ones and exits non-zero', () => {
      const file = write('mixed.csv', [
        'path,title,description',
        '/category/posters,Safety Posters (new),Updated description',
        'no-leading-slash,A title,A description',
        '/terms,,Missing title',
        '/category/posters,Duplicate,Same path again',
      ].join('\n'));
      const run = runShop(['seo:seed', file], database.env);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('line 3: path: The path must start with /');
      expect(run.stderr).toContain('line 4: title: The title is empty; enter one of at most 200 characters.');
      expect(run.stderr).toContain('line 5: path: /category/posters appears already on line 2.');
      expect(run.stderr).toContain('3 row(s) were rejected');
      expect(run.stdout).toContain('Created 0, updated 1, unchanged 0, rejected 3.');
      expect(run.stderr).not.toMatch(/\n\s+at /);
    });

    itOnce('refuses a wrong header with one message and exit 2, saving nothing', () => {
      const rows = Array.from({ length: 5 }, (_, i) => `/wrong-header-${i},Title ${i},Description ${i}`);
      const run = runShop(['seo:seed', write('header.csv', ['url,title,desc', ...rows].join('\n'))], database.env);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toEqual([
        `${path.join(dir(), 'header.csv')}: the header row must be path,title,description (optionally also canonical_url, share_image), ` +
        'but it lacks path, description; it has unknown column(s) "url", "desc". Nothing was saved.',
      ]);
      // Names are matched trimmed and in any case and order.
      const mixed = runShop(['seo:seed', write('mixed-case.csv', 'Title, Description ,PATH\nHeader case,Any order,/header-case\n')], database.env);
      expect(mixed.stderr).toBe('');
      expect(mixed.stdout).toContain('Created 1,');
      const empty = runShop(['seo:seed', write('empty.csv', '')], database.env);
      expect(empty.status).toBe(2);
      expect(empty.stderr).toContain('is empty: it needs a header row');
    });

    itOnce('reads JSON too, and refuses unknown columns and unreadable files clearly', () => {
      const json = write('seo.json', JSON.stringify([{ path: '/about', title: 'About us', description: 'Who we are' }, { path: '/x', title: 'X', description: 'Y', colour: 'red' }]));
      const run = runShop(['seo:seed', json], database.env);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('line 2: colour: colour is not an accepted column.');
      expect(run.stdout).toContain('Created 1,');
      const missing = runShop(['seo:seed', path.join(dir(), 'nope.csv')], database.env);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain('Cannot read');
      const wrongType = runShop(['seo:seed', write('seo.txt', 'x')], database.env);
      expect(wrongType.stderr).toContain('The file must end in .csv or .json.');
    });
  });

  itOnce('has --help on every command', () => {
    const top = runShop(['--help'], database.env);
    expect(top.status).toBe(0);
    for (const command of ['db:migrate', 'db:seed', 'widgets:list', 'admin:create', 'seo:seed', 'queue:work', 'orders:export', 'orders:generate']) {
      expect(top.stdout).toContain(command);
      const help = runShop([command, '--help'], database.env);
      expect(help.status).toBe(0);
      expect(help.stdout).toContain(`Usage: shop ${command}`);
    }
  });

  itOnce('exits non-zero with a clear message for an unknown command or option', () => {
    const unknown = runShop(['widgets:burn'], database.env);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain("unknown command 'widgets:burn'");
    const option = runShop(['widgets:list', '--colour'], database.env);
    expect(option.status).not.toBe(0);
    expect(option.stderr).toContain("unknown option '--colour'");
  });

  itOnce('exits non-zero with the configuration problem, not a stack trace', () => {
    const run = runShop(['widgets:list'], { ...database.env, DATABASE_URL: 'mysql://nope' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
