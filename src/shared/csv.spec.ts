import { csvField, csvRecord } from './csv.js';

describe('CSV writing (RFC 4180)', () => {
  it('leaves plain fields alone and writes null, undefined and numbers plainly', () => {
    expect(csvField('INV-000042')).toBe('INV-000042');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(12)).toBe('12');
    expect(csvField('12.50')).toBe('12.50');
  });

  it('quotes fields with commas, quotes, CR or LF, doubling the quotes', () => {
    expect(csvField('Acme Safety, Ltd')).toBe('"Acme Safety, Ltd"');
    expect(csvField('The "Big" Poster')).toBe('"The ""Big"" Poster"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('"')).toBe('""""');
  });

  it('quotes fields with leading or trailing spaces so no reader trims them', () => {
    expect(csvField(' PO-1')).toBe('" PO-1"');
    expect(csvField('PO-1 ')).toBe('"PO-1 "');
    expect(csvField('PO 1')).toBe('PO 1');
  });

  it('ends each record with CRLF, keeping line breaks inside quoted fields as they are', () => {
    const values = ['Fire "Safety", A2', 'multi\r\nline\nfield', '', ' padded ', 'plain', 'Ünïcødé £', null, 3];
    expect(csvRecord(values)).toBe('"Fire ""Safety"", A2","multi\r\nline\nfield",," padded ",plain,Ünïcødé £,,3\r\n');
    expect(csvRecord([])).toBe('\r\n');
  });
});
