/**
 * Writing CSV (RFC 4180): fields separated by commas, records ended by CRLF, and a field quoted (its quotes
 * doubled) when it holds a comma, a quote, a CR or an LF — or starts or ends with a space, which some readers
 * would otherwise trim. Written here because the project reads CSV with csv-parse but has no CSV writer
 * (csv-stringify is not installed); the rules are few and the spec pins them down.
 */
export type CsvValue = string | number | boolean | null | undefined;

export const CSV_RECORD_END = '\r\n';

/** One field, quoted only when it has to be; null and undefined are empty. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + CSV_RECORD_END;
}

/**
 * A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or CR before one) gets a
 * leading single quote, so it shows as text (OWASP "CSV injection"). For files people open in Excel or Sheets
 * that carry what visitors typed (enquiries, sign-ups); numbers are left alone (`-5` is a number, not a formula).
 */
export function spreadsheetSafe(value: CsvValue): CsvValue {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One record of a file for spreadsheets: every text cell made safe, then written as csvRecord does. */
export function spreadsheetRecord(values: readonly CsvValue[]): string {
  return csvRecord(values.map(spreadsheetSafe));
}
