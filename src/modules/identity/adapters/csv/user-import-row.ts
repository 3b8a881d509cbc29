import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { ROLES, type Role } from '../../../../shared/viewer.js';
import type { UserImportRow } from '../../application/user-import.service.js';
import { ProfileRequest } from '../http/identity.requests.js';

/**
 * The columns of `shop users:import`. A row is checked by the same rules as the API's profile
 * (ProfileRequest, with its AddressRequest for the billing address), so the two never disagree.
 */
export const USER_IMPORT_REQUIRED_COLUMNS = ['email', 'first_name', 'last_name'] as const;
const BILLING_COLUMNS = { billing_line1: 'line1', billing_line2: 'line2', billing_town: 'town', billing_county: 'county', billing_postcode: 'postcode' } as const;
export const USER_IMPORT_OPTIONAL_COLUMNS = [
  'company_name', 'job_title', 'phone', 'vat_number', 'role', 'marketing_consent', 'account_terms', ...Object.keys(BILLING_COLUMNS),
] as const;
/** Accepted but not stored (none today: account_terms arrived with pay on account, issue 13); the operator is told once. */
export const USER_IMPORT_UNSUPPORTED_COLUMNS: readonly string[] = [];

const KNOWN = new Set<string>([...USER_IMPORT_REQUIRED_COLUMNS, ...USER_IMPORT_OPTIONAL_COLUMNS]);
const YES = new Set(['true', 'yes', 'y', '1']);
const NO = new Set(['false', 'no', 'n', '0']);

export interface UserImportHeader {
  /** The header's names as used for the rows' fields: trimmed and lower-case. */
  columns: string[];
  /** One message when the header cannot be used (a required column missing, a column twice); else null. */
  problem: string | null;
  unknown: string[];
  unsupported: string[];
}

/** Checks the header row (names are matched trimmed and case-insensitively). */
export function readUserImportHeader(names: readonly string[]): UserImportHeader {
  const columns = names.map((name) => name.trim().toLowerCase());
  const missing = USER_IMPORT_REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  // Twice is ambiguous only for a column we read; unknown ones are ignored anyway.
  const twice = [...new Set(columns.filter((name, index) => KNOWN.has(name) && columns.indexOf(name) !== index))];
  const problems = [];
  if (missing.length > 0) problems.push(`missing required column(s): ${missing.join(', ')}`);
  if (twice.length > 0) problems.push(`column(s) named twice: ${twice.join(', ')}`);
  return {
    columns,
    problem: problems.length === 0 ? null
      : `The header row (line 1) must name the columns ${USER_IMPORT_REQUIRED_COLUMNS.join(', ')} (optional: ` +
        `${USER_IMPORT_OPTIONAL_COLUMNS.join(', ')}); ${problems.join('; ')}.`,
    unknown: [...new Set(columns.filter((name) => name !== '' && !KNOWN.has(name)))],
    unsupported: USER_IMPORT_UNSUPPORTED_COLUMNS.filter((name) => columns.includes(name)),
  };
}

/**
 * One row (field name → cell text) as an import row, or each column's reasons. Empty optional cells
 * leave an existing user's value as it is; unknown columns are ignored (the header reports them).
 */
export async function parseUserImportRow(
  fields: Readonly<Record<string, string | undefined>>,
  line: number,
): Promise<{ row: UserImportRow } | { errors: Record<string, string[]> }> {
  const cell = (name: string): string | undefined => {
    const value = fields[name];
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  const billingGiven = Object.keys(BILLING_COLUMNS).some((name) => cell(name) !== undefined);
  const consent = cell('marketing_consent')?.trim().toLowerCase();
  const terms = cell('account_terms')?.trim().toLowerCase();
  const plain = {
    email: fields.email ?? '',
    first_name: fields.first_name ?? '',
    last_name: fields.last_name ?? '',
    company_name: cell('company_name'),
    job_title: cell('job_title'),
    phone: cell('phone'),
    vat_number: cell('vat_number'),
    marketing_consent: consent === undefined ? undefined : YES.has(consent) ? true : NO.has(consent) ? false : cell('marketing_consent'),
    billing_address: billingGiven
      ? Object.fromEntries(Object.entries(BILLING_COLUMNS).map(([column, key]) => [key, cell(column) ?? (key === 'line2' || key === 'county' ? null : '')]))
      : undefined,
  };
  const request = plainToInstance(ProfileRequest, plain);
  const errors: Record<string, string[]> = {};
  collect(await validate(request), errors);
  const role = cell('role')?.trim().toLowerCase();
  if (role !== undefined && !(ROLES as readonly string[]).includes(role)) errors.role = [`role must be ${ROLES.join(' or ')}.`];
  if (terms !== undefined && !YES.has(terms) && !NO.has(terms)) errors.account_terms = ['account_terms must be yes or no (true/false, 1/0).'];
  if (Object.keys(errors).length > 0) return { errors };

  const address = request.billing_address;
  return {
    row: {
      line,
      email: request.email!.toLowerCase(),
      firstName: request.first_name,
      lastName: request.last_name,
      companyName: request.company_name ?? undefined,
      jobTitle: request.job_title ?? undefined,
      phone: request.phone ?? undefined,
      vatNumber: request.vat_number ?? undefined,
      role: role as Role | undefined,
      marketingConsent: request.marketing_consent,
      accountTerms: terms === undefined ? undefined : YES.has(terms),
      billingAddress: address
        ? { line1: address.line1, line2: address.line2 ?? null, town: address.town, county: address.county ?? null, postcode: address.postcode, country: address.country }
        : undefined,
    },
  };
}

/** class-validator's tree as column → reasons; the billing address's fields under their column names. */
function collect(found: ValidationError[], errors: Record<string, string[]>, prefix = ''): void {
  for (const error of found) {
    const column = prefix === 'billing_address' ? `billing_${error.property}` : error.property;
    if (error.constraints) (errors[column] ??= []).push(...Object.values(error.constraints));
    if (error.children?.length) collect(error.children, errors, error.property);
  }
}
