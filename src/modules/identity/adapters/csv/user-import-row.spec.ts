import 'reflect-metadata';
import { parseUserImportRow, readUserImportHeader } from './user-import-row.js';

const good = { email: '  Jo.Bloggs@Acme.co.uk ', first_name: ' Jo ', last_name: 'Bloggs' };

async function errorsOf(fields: Record<string, string>) {
  const parsed = await parseUserImportRow(fields, 7);
  if (!('errors' in parsed)) throw new Error(`expected errors, got ${JSON.stringify(parsed.row)}`);
  return parsed.errors;
}

async function rowOf(fields: Record<string, string>) {
  const parsed = await parseUserImportRow(fields, 7);
  if ('errors' in parsed) throw new Error(`expected a row, got ${JSON.stringify(parsed.errors)}`);
  return parsed.row;
}

describe('readUserImportHeader', () => {
  it('accepts the required columns in any order and case, and names the unknown ones', () => {
    const header = readUserImportHeader([' Last_Name', 'EMAIL', 'first_name', 'colour', 'account_terms', 'colour', '']);
    expect(header.problem).toBeNull();
    expect(header.columns).toEqual(['last_name', 'email', 'first_name', 'colour', 'account_terms', 'colour', '']);
    expect(header.unknown).toEqual(['colour']);
    expect(header.unsupported).toEqual([]);
  });

  it('gives one message for a missing required column', () => {
    const header = readUserImportHeader(['e-mail', 'first_name', 'surname']);
    expect(header.problem).toMatch(/^The header row \(line 1\) must name the columns email, first_name, last_name .*missing required column\(s\): email, last_name\.$/);
  });

  it('refuses a required column named twice', () => {
    expect(readUserImportHeader(['email', 'first_name', 'last_name', 'Email']).problem).toContain('column(s) named twice: email');
  });
});

describe('parseUserImportRow (the API profile rules applied to CSV cells)', () => {
  it('trims and lower-cases the e-mail, trims names, and leaves empty optional cells undefined', async () => {
    const row = await rowOf({ ...good, company_name: '  ', phone: '', role: '', marketing_consent: '' });
    expect(row).toEqual({
      line: 7, email: 'jo.bloggs@acme.co.uk', firstName: 'Jo', lastName: 'Bloggs', companyName: undefined, jobTitle: undefined,
      phone: undefined, vatNumber: undefined, role: undefined, marketingConsent: undefined, accountTerms: undefined, billingAddress: undefined,
    });
  });

  it('maps every optional column, normalising like the API (VAT number, postcode)', async () => {
    const row = await rowOf({
      ...good, company_name: 'Acme, Ltd', job_title: 'Safety Officer', phone: '0113 496 0000', vat_number: 'gb 123 456 789',
      role: 'Admin', marketing_consent: 'Yes', billing_line1: '1 High Street', billing_line2: '', billing_town: 'Leeds',
      billing_county: 'West Yorkshire', billing_postcode: 'ls101ab', account_terms: 'Yes', colour: 'red',
    });
    expect(row).toMatchObject({
      companyName: 'Acme, Ltd', jobTitle: 'Safety Officer', phone: '0113 496 0000', vatNumber: 'GB123456789', role: 'admin', marketingConsent: true, accountTerms: true,
      billingAddress: { line1: '1 High Street', line2: null, town: 'Leeds', county: 'West Yorkshire', postcode: 'LS10 1AB', country: 'GB' },
    });
  });

  it.each([
    ['no', false], ['FALSE', false], ['0', false], ['true', true], ['1', true], ['y', true],
  ])('reads marketing_consent %s as %s', async (cell, consent) => {
    expect((await rowOf({ ...good, marketing_consent: cell })).marketingConsent).toBe(consent);
  });

  it('reports each bad column with the API messages', async () => {
    expect(await errorsOf({ email: 'not-an-address', first_name: '', last_name: 'x'.repeat(101) })).toEqual({
      email: ['Enter a valid e-mail address.'],
      first_name: ['Enter your first name (at most 100 characters).'],
      last_name: ['Enter your last name (at most 100 characters).'],
    });
    expect(await errorsOf({ ...good, email: '' })).toEqual({ email: ['Enter a valid e-mail address.'] });
    expect(await errorsOf({ ...good, company_name: 'x'.repeat(201) })).toEqual({ company_name: ['company_name must be shorter than or equal to 200 characters'] });
    expect(await errorsOf({ ...good, phone: 'call me', vat_number: 'FR123', marketing_consent: 'maybe', role: 'owner' })).toEqual({
      phone: ['Enter a telephone number, such as 01234 567890.'],
      vat_number: ['Enter a UK VAT number, such as GB123456789.'],
      marketing_consent: ['marketing_consent must be true or false.'],
      role: ['role must be customer or admin.'],
    });
    expect(await errorsOf({ ...good, account_terms: 'sometimes' })).toEqual({ account_terms: ['account_terms must be yes or no (true/false, 1/0).'] });
  });

  it('checks the billing address as a whole once any billing cell is filled, under the column names', async () => {
    expect(await errorsOf({ ...good, billing_postcode: 'LS10 1AB' })).toEqual({
      billing_line1: ['Enter the first line of the address.'],
      billing_town: ['Enter the town or city.'],
    });
    expect(await errorsOf({ ...good, billing_line1: '1 High Street', billing_town: 'Leeds', billing_postcode: '12345' })).toEqual({
      billing_postcode: ['Enter a UK postcode, such as LS10 1AB.'],
    });
  });
});
