import { describeFileType, describeUserAgent, formatDateTime, formatFileSize } from './format.js';

describe('formatDateTime', () => {
  it('shows UK time: GMT in winter, BST in summer', () => {
    expect(formatDateTime('2026-11-22T04:41:26.002Z')).toBe('22 Nov 2026, 04:41');
    expect(formatDateTime('2026-07-01T23:30:00Z')).toBe('2 Jul 2026, 00:30');
  });

  it('accepts a Date and gives nothing for nothing', () => {
    expect(formatDateTime(new Date('2027-01-05T09:05:00Z'))).toBe('5 Jan 2027, 09:05');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('describeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', 'Chrome on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari on macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['curl/8.5.0', 'curl'],
  ])('%s → %s', (ua, expected) => {
    expect(describeUserAgent(ua)).toBe(expected);
  });

  it('copes with nothing, and shortens what it does not know', () => {
    expect(describeUserAgent(null)).toBe('Unknown device');
    expect(describeUserAgent('shop-cli/1.0')).toBe('shop-cli/1.0');
    expect(describeUserAgent('x'.repeat(100))).toHaveLength(58);
  });
});

describe('formatFileSize and describeFileType', () => {
  it('write sizes as people read them', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(850_000)).toBe('850 KB');
    expect(formatFileSize(12_400_000)).toBe('12.4 MB');
    expect(formatFileSize(1_250_000_000)).toBe('1.3 GB');
    expect(formatFileSize(-1)).toBe('');
  });

  it('name common types and fall back to the MIME type', () => {
    expect(describeFileType('application/pdf')).toBe('PDF document');
    expect(describeFileType('video/mp4; codecs=avc1')).toBe('MP4 video');
    expect(describeFileType('application/x-unknown')).toBe('application/x-unknown');
  });
});
