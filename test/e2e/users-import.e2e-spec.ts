import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { signInByApi } from '../support/identity-client.js';
import { runShop } from '../support/server-process.js';
import { startTestApp } from '../support/test-app.js';
import { createTestDatabase, databaseKind, type TestDatabase } from '../support/test-database.js';

/** `shop users:import` as operators run it: the built CLI, real files, the test database. */
describe(`shop users:import (${databaseKind})`, () => {
  let database: TestDatabase;
  const write = (name: string, text: string) => {
    const file = path.join(database.env.DATA_DIR, name);
    writeFileSync(file, text);
    return file;
  };
  const shop = (...args: string[]) => runShop(['users:import', ...args], database.env);
  const ADMIN = { email: 'ops.lead@hs-training.co.uk', password: 'Safety-First-Admin-9' };

  // What Excel writes ("CSV UTF-8"): a BOM, CRLF, quotes around cells with commas or line breaks; here also
  // blank lines, a row of empty cells, an unknown column, and account terms for one customer.
  const excel = '\uFEFF' + [
    'Email,First_Name,Last_Name,Company_Name,Job_Title,Phone,VAT_Number,Marketing_Consent,Notes,Account_Terms,Billing_Line1,Billing_Line2,Billing_Town,Billing_County,Billing_Postcode',
    'jo.bloggs@acme.co.uk,Jo,Bloggs,"Acme Safety, Ltd",Safety Officer,0113 496 0000,gb123456789,Yes,"likes posters, DVDs",Yes,"Unit 4, Riverside",,Leeds,West Yorkshire,ls101ab',
    '',
    'sam.patel@acme.co.uk,Sam,Patel,,,,,No,"two\r\nlines",,,,,,',
    ',,,,,,,,,,,,,,',
    '',
    'Kim.Lee@Example.org,Kim,Lee,"Lee & Co, Builders",,,,,,,,,,,',
    '',
  ].join('\r\n');

  beforeAll(async () => {
    database = await createTestDatabase();
    expect(runShop(['db:migrate'], database.env).status).toBe(0);
    expect(runShop(['admin:create', ADMIN.email], database.env, `${ADMIN.password}\n`).status).toBe(0);
  });
  afterAll(() => database.drop());

  it('checks an Excel CSV in a dry run and writes nothing', () => {
    const file = write('excel.csv', excel);
    for (let run = 0; run < 2; run += 1) {
      const dry = shop(file, '--dry-run');
      expect(dry.status).toBe(0);
      expect(dry.stdout).toMatch(/^Read 3 row\(s\) in [\d.]+ s: would create 3, would update 0, skipped 0, rejected 0\. \(Dry run: nothing was written\.\)\n$/);
    }
  });

  it('imports an Excel CSV, reporting the unknown column once', () => {
    const run = shop(write('excel.csv', excel));
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/: created 3, updated 0, skipped 0, rejected 0\.\n$/);
    expect(run.stderr).toBe('Unknown column(s), ignored: notes.\n');
  });

  it('changes nothing the second time, with or without --update', () => {
    const file = write('excel.csv', excel);
    const again = shop(file);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('created 0, updated 0, skipped 3, rejected 0. (Skipped users exist already; --update changes them.)');
    const update = shop(file, '--update');
    expect(update.status).toBe(0);
    expect(update.stdout).toContain('created 0, updated 0, skipped 3, rejected 0.');
  });

  it('with --update changes existing users (matched case-insensitively) but never a password', () => {
    const file = write('update.csv', [
      'email,first_name,last_name,job_title',
      'KIM.LEE@example.org,Kim,Lee,Site Manager',
      `${ADMIN.email.toUpperCase()},Olive,Lead,`,
      'new.starter@acme.co.uk,New,Starter,',
    ].join('\n'));
    const withoutUpdate = shop(file);
    expect(withoutUpdate.stdout).toContain('created 1, updated 0, skipped 2, rejected 0.');
    const run = shop(file, '--update');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('created 0, updated 2, skipped 1, rejected 0.');
    expect(shop(file, '--update').stdout).toContain('created 0, updated 0, skipped 3, rejected 0.');
  });

  it('reports every bad row with its line and reason, imports the good ones and exits 1', () => {
    const file = write('bad.csv', [
      'email,first_name,last_name,company_name,role',
      'good.one@acme.co.uk,Good,One,,customer',
      'not-an-address,Bad,Email,,',
      '',
      'no.name@acme.co.uk,,Name,,',
      'the.boss@acme.co.uk,The,Boss,,admin',
      'Good.One@acme.co.uk,Good,Again,,',
      `too.long@acme.co.uk,Too,Long,${'x'.repeat(201)},`,
      'odd.role@acme.co.uk,Odd,Role,,owner',
      'good.two@acme.co.uk,Good,Two,"Two, Ltd",',
    ].join('\n'));
    const run = shop(file);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'line 3: email: Enter a valid e-mail address.',
      'line 5: first_name: Enter your first name (at most 100 characters).',
      'line 6: role: admin is refused without --allow-admin.',
      'line 7: email: good.one@acme.co.uk appears already on line 2.',
      'line 8: company_name: company_name must be shorter than or equal to 200 characters',
      'line 9: role: role must be customer or admin.',
      '6 row(s) were rejected; the others were imported.',
    ]);
    expect(run.stdout).toContain('Read 8 row(s)');
    expect(run.stdout).toContain('created 2, updated 0, skipped 0, rejected 6.');
    expect(run.stderr).not.toMatch(/\n\s+at /);

    const admins = write('admins.csv', 'email,first_name,last_name,role\nthe.boss@acme.co.uk,The,Boss,admin\n');
    expect(shop(admins).stderr).toContain('line 2: role: admin is refused without --allow-admin.');
    const allowed = shop(admins, '--allow-admin');
    expect(allowed.status).toBe(0);
    expect(allowed.stdout).toContain('created 1,');
  });

  it('refuses a wrong header with one message and exit 2, importing nothing', () => {
    const run = shop(write('header.csv', 'e-mail,first_name,surname\nx.y@acme.co.uk,X,Y\n'));
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('The header row (line 1) must name the columns email, first_name, last_name');
    expect(run.stderr).toContain('missing required column(s): email, last_name.');
    expect(shop(write('empty.csv', '\uFEFF\r\n')).status).toBe(2);
    const missing = shop(path.join(database.env.DATA_DIR, 'nope.csv'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Cannot read');
  });

  it('has --help with an example', () => {
    const help = runShop(['users:import', '--help'], database.env);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: shop users:import [options] <file>');
    expect(help.stdout).toContain('shop users:import customers.csv --update');
    expect(runShop(['--help'], database.env).stdout).toContain('users:import');
  });

  it('stored what it imported: profile fields, normalised values, no password for new users, the old password kept', async () => {
    const app = await startTestApp({}, { database });
    try {
      const rows = await app.sql<Record<string, unknown>>(
        "select email, first_name, last_name, company_name, job_title, phone, vat_number, role, marketing_consent, marketing_consent_at, account_terms, billing_address, password_hash from users where email not like '%@example.com' order by email",
      );
      const byEmail = new Map(rows.map((row) => [row.email as string, row]));
      expect([...byEmail.keys()]).toEqual([
        'good.one@acme.co.uk', 'good.two@acme.co.uk', 'jo.bloggs@acme.co.uk', 'kim.lee@example.org', 'new.starter@acme.co.uk',
        'ops.lead@hs-training.co.uk', 'sam.patel@acme.co.uk', 'the.boss@acme.co.uk',
      ]);
      expect(byEmail.get('jo.bloggs@acme.co.uk')).toMatchObject({
        first_name: 'Jo', last_name: 'Bloggs', company_name: 'Acme Safety, Ltd', job_title: 'Safety Officer', phone: '0113 496 0000',
        vat_number: 'GB123456789', role: 'customer', marketing_consent: true, account_terms: true, password_hash: null,
        billing_address: { line1: 'Unit 4, Riverside', line2: null, town: 'Leeds', county: 'West Yorkshire', postcode: 'LS10 1AB', country: 'GB' },
      });
      expect(byEmail.get('jo.bloggs@acme.co.uk')!.marketing_consent_at).not.toBeNull();
      expect(byEmail.get('sam.patel@acme.co.uk')).toMatchObject({ marketing_consent: false, account_terms: false, billing_address: null, company_name: null });
      expect(byEmail.get('kim.lee@example.org')).toMatchObject({ company_name: 'Lee & Co, Builders', job_title: 'Site Manager' });
      expect(byEmail.get('the.boss@acme.co.uk')).toMatchObject({ role: 'admin', password_hash: null });
      expect(byEmail.get('ops.lead@hs-training.co.uk')).toMatchObject({ first_name: 'Olive', role: 'admin' });
      expect((await signInByApi(app, ADMIN)).user.email).toBe(ADMIN.email);
    } finally {
      await app.close();
    }
  });
});
