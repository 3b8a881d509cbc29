import { poIndexPiece } from './mikro-orm-order.reads.js';

describe('poIndexPiece: the part of a PO search the trigram index looks up (ADR 0078)', () => {
  it('takes the run of digits after a shared prefix', () => {
    expect(poIndexPiece('PO-93871')).toBe('93871');
    expect(poIndexPiece('po 12345')).toBe('12345');
    expect(poIndexPiece('ACME/PO/0042A')).toBe('0042A');
  });

  it('takes the longest run that holds a digit, the last of equals', () => {
    expect(poIndexPiece('NHS/2024/0042')).toBe('0042');
    expect(poIndexPiece('2024-123456')).toBe('123456');
    expect(poIndexPiece('PO2024-77')).toBe('PO2024');
  });

  it('keeps the whole term when no piece would be rarer: no digit, under 4 long, or the term itself', () => {
    expect(poIndexPiece('ACME-ORDERS')).toBeNull();
    expect(poIndexPiece('PO-384')).toBeNull();
    expect(poIndexPiece('93871')).toBeNull();
    expect(poIndexPiece('PO93871')).toBeNull();
    expect(poIndexPiece('')).toBeNull();
  });

  it('reads letters and digits of any script', () => {
    expect(poIndexPiece('Bestellung-Ä1234')).toBe('Ä1234');
  });
});
