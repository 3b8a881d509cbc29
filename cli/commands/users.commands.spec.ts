import { parse } from 'csv-parse/sync';
import { CSV_OPTIONS, recordStartLines } from './users.commands.js';

describe('recordStartLines (line numbers as an editor shows them)', () => {
  it.each([['LF', '\n'], ['CRLF', '\r\n']])('gives each record its first line in a %s file with blank lines and multi-line cells', (_name, eol) => {
    const text = ['\ufeffemail,first_name', '', `a@b.c,"two${eol}lines"`, ',', '', 'x@y.z,"Bob, Jr"', `q@q.q,"three${eol}${eol}lines"`, 'last@x.y,Z', ''].join(eol);
    const records = parse(text, CSV_OPTIONS) as unknown as Array<{
      record: string[];
      info: { lines: number };
    }>;
    const startLine = recordStartLines();
    expect(records.map(({ record, info }) => [record[0], startLine(record, info.lines)])).toEqual([
      ['email', 1], ['a@b.c', 3], ['x@y.z', 7], ['q@q.q', 8], ['last@x.y', 11],
    ]);
  });

  it('reads a file whose line endings are mixed', () => {
    const records = parse('email,first_name\r\na@b.c,A\nx@y.z,"X, Y"\r\n', CSV_OPTIONS) as unknown as Array<{
      record: string[];
      info: { lines: number };
    }>;
    const startLine = recordStartLines();
    expect(records.map(({ record, info }) => [...record, startLine(record, info.lines)])).toEqual([
      ['email', 'first_name', 1], ['a@b.c', 'A', 2], ['x@y.z', 'X, Y', 3],
    ]);
  });
});
