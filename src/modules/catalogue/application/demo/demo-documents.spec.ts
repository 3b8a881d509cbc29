import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { onePagePdf, zipArchive } from './demo-documents.js';

describe('demo documents', () => {
  it('writes a PDF whose cross-reference table points at its objects', async () => {
    const pdf = onePagePdf('Manual Handling Risk Assessment', [{ text: 'Organisation:', rule: true }, { text: 'It’s (nearly) done — ok' }]);
    expect((await fileTypeFromBuffer(pdf))?.mime).toBe('application/pdf');
    const text = pdf.toString('latin1');
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((offset, i) => expect(text.slice(offset)).toMatch(new RegExp(`^${i + 1} 0 obj`)));
    expect(text).toContain("(It's \\(nearly\\) done - ok) Tj");
  });

  it('writes a ZIP that unzip lists and tests', async () => {
    const zip = zipArchive([
      { name: 'slides.pdf', data: onePagePdf('Slides', []) },
      { name: 'README.txt', data: Buffer.from('hello\r\n') },
    ]);
    expect((await fileTypeFromBuffer(zip))?.mime).toBe('application/zip');
    const folder = mkdtempSync(path.join(os.tmpdir(), 'demo-zip-'));
    try {
      const file = path.join(folder, 'pack.zip');
      writeFileSync(file, zip);
      const listing = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
      expect(listing).toContain('testing: slides.pdf');
      expect(listing).toContain('No errors detected');
      expect(execFileSync('unzip', ['-p', file, 'README.txt'], { encoding: 'utf8' })).toBe('hello\r\n');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
