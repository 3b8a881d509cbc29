import { NOTICE_DEFAULT_MS, NOTICE_MINIMUM_MS, noticeTimeout } from './notice.js';

describe('noticeTimeout (seed §9: default 5000 ms, minimum 1000 ms)', () => {
  it('defaults to 5000 ms', () => {
    expect(NOTICE_DEFAULT_MS).toBe(5000);
    expect(noticeTimeout()).toBe(5000);
    expect(noticeTimeout(Number.NaN)).toBe(5000);
    expect(noticeTimeout(Number.POSITIVE_INFINITY)).toBe(5000);
  });

  it('never hides sooner than 1000 ms', () => {
    expect(NOTICE_MINIMUM_MS).toBe(1000);
    expect(noticeTimeout(0)).toBe(1000);
    expect(noticeTimeout(-50)).toBe(1000);
    expect(noticeTimeout(999)).toBe(1000);
  });

  it('keeps any longer delay', () => {
    expect(noticeTimeout(1000)).toBe(1000);
    expect(noticeTimeout(2500)).toBe(2500);
    expect(noticeTimeout(12_000)).toBe(12_000);
  });
});
