import { CERTIFICATE_LIMITS, type CertificateStatus } from '../../../shared/contracts/training.js';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * A certificate code from random bytes (the caller's crypto source): CERTIFICATE_LIMITS.codeLength base32
 * characters, 5 bits each (60 bits: guessing one among a million issued takes ~10^12 tries). Base32 has no 0/O or
 * 1/I/L pairs to misread off paper, and is case-insensitive when typed.
 */
export function certificateCode(random: Uint8Array): string {
  const length = CERTIFICATE_LIMITS.codeLength;
  if (random.length * 8 < length * 5) throw new RangeError(`A certificate code needs ${Math.ceil((length * 5) / 8)} random bytes.`);
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of random) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && code.length < length) {
      code += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (code.length === length) break;
  }
  return code;
}

/** The code as typed by a person (lower case, spaces, dashes) in its stored form; null when it cannot be one. */
export function normaliseCertificateCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z2-7]+$/.test(code) && code.length === CERTIFICATE_LIMITS.codeLength ? code : null;
}

/** Revoked wins over expired: a revoked certificate is never shown as merely out of date. */
export function certificateStatus(certificate: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): CertificateStatus {
  if (certificate.revokedAt) return 'revoked';
  if (certificate.expiresAt && certificate.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/** When a certificate completed on `completed` expires: `months` calendar months later (31 Jan + 1 → 28/29 Feb), or never. */
export function expiryOf(completed: Date, months: number | null): Date | null {
  if (months === null) return null;
  const expires = new Date(completed.getTime());
  const day = expires.getUTCDate();
  expires.setUTCDate(1);
  expires.setUTCMonth(expires.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(expires.getUTCFullYear(), expires.getUTCMonth() + 1, 0)).getUTCDate();
  expires.setUTCDate(Math.min(day, lastDay));
  return expires;
}
