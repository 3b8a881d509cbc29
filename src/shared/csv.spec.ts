import { csvField, csvRecord, spreadsheetRecord, spreadsheetSafe } from './csv.js';

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

describe('CSV for spreadsheets (formula injection)', () => {
  it('prefixes a single quote to text that starts with = + - @, a tab or a CR', () => {
    expect(spreadsheetSafe('=HYPERLINK("http://evil.example","click")')).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(spreadsheetSafe('+44 113 496 0000')).toBe("'+44 113 496 0000");
    expect(spreadsheetSafe('-2+3')).toBe("'-2+3");
    expect(spreadsheetSafe('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(spreadsheetSafe('\t=1')).toBe("'\t=1");
    expect(spreadsheetSafe('jo@acme.co.uk')).toBe('jo@acme.co.uk');
    expect(spreadsheetSafe(-5)).toBe(-5);
    expect(spreadsheetSafe(null)).toBeNull();
  });

  it('quotes the made-safe cell as RFC 4180 asks', () => {
    expect(spreadsheetRecord(['=1,2', 'plain', 3])).toBe('"\'=1,2",plain,3\r\n');
  });
});
