import { downloadSignature, isValidDownloadSignature } from './download-link.js';

describe('download link signatures', () => {
  const secret = 'a-test-secret-of-at-least-32-characters!';
  const signature = downloadSignature(secret, 12, 7, 1_800_000_000);

  it('accept the link as it was made', () => {
    expect(isValidDownloadSignature(secret, 12, 7, 1_800_000_000, signature)).toBe(true);
  });

  it('refuse another customer, another line, a later expiry, another secret or an edited signature', () => {
    expect(isValidDownloadSignature(secret, 12, 8, 1_800_000_000, signature)).toBe(false);
    expect(isValidDownloadSignature(secret, 13, 7, 1_800_000_000, signature)).toBe(false);
    expect(isValidDownloadSignature(secret, 12, 7, 1_800_000_001, signature)).toBe(false);
    expect(isValidDownloadSignature(`${secret}x`, 12, 7, 1_800_000_000, signature)).toBe(false);
    expect(isValidDownloadSignature(secret, 12, 7, 1_800_000_000, `${signature.slice(0, -1)}A`)).toBe(signature.endsWith('A'));
    expect(isValidDownloadSignature(secret, 12, 7, 1_800_000_000, '')).toBe(false);
  });
});
