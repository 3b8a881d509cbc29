import { certificateCode, certificateStatus, expiryOf, normaliseCertificateCode } from './certificate.js';

describe('certificate codes', () => {
  it('are 12 base32 characters drawn from the random bytes', () => {
    expect(certificateCode(new Uint8Array(8))).toBe('AAAAAAAAAAAA');
    expect(certificateCode(new Uint8Array(8).fill(255))).toBe('777777777777');
    expect(certificateCode(Uint8Array.from([0b00001000, 0b01000000, 0, 0, 0, 0, 0, 0]))).toBe('BBAAAAAAAAAA');
    expect(() => certificateCode(new Uint8Array(7))).toThrow(RangeError);
  });

  it('differ for different bytes', () => {
    const codes = new Set(Array.from({ length: 256 }, (_, i) => certificateCode(Uint8Array.from([i, 255 - i, i, 3, 4, 5, 6, 7]))));
    expect(codes.size).toBe(256);
  });

  it('are read back from what a person types, and nothing else', () => {
    expect(normaliseCertificateCode('abcd-efgh-2345')).toBe('ABCDEFGH2345');
    expect(normaliseCertificateCode(' ABCD EFGH 2345 ')).toBe('ABCDEFGH2345');
    expect(normaliseCertificateCode('ABCDEFGH2341')).toBeNull(); // 1 is not base32
    expect(normaliseCertificateCode('ABCDEFGH234')).toBeNull();
    expect(normaliseCertificateCode('../etc/passwd')).toBeNull();
  });
});

describe('certificate status and expiry', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('is revoked before expired, expired at the expiry instant, else valid', () => {
    expect(certificateStatus({ revokedAt: now, expiresAt: new Date('2020-01-01') }, now)).toBe('revoked');
    expect(certificateStatus({ revokedAt: null, expiresAt: now }, now)).toBe('expired');
    expect(certificateStatus({ revokedAt: null, expiresAt: new Date('2026-06-02') }, now)).toBe('valid');
    expect(certificateStatus({ revokedAt: null, expiresAt: null }, now)).toBe('valid');
  });

  it('adds calendar months, keeping the day where the month has it', () => {
    expect(expiryOf(new Date('2026-01-31T09:00:00Z'), 1)!.toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(expiryOf(new Date('2027-11-30T09:00:00Z'), 3)!.toISOString()).toBe('2028-02-29T09:00:00.000Z');
    expect(expiryOf(new Date('2026-05-15T00:00:00Z'), 36)!.toISOString()).toBe('2029-05-15T00:00:00.000Z');
    expect(expiryOf(new Date('2026-05-15T00:00:00Z'), null)).toBeNull();
  });
});
