import {
  cumulativeLayoutShift, largestContentfulPaint, median, medianOfViews, meetsTargets, networkConditions, summariseView, totalBlockingTime,
} from '../../scripts/bench/lib/web-vitals-metrics.mjs';

// The arithmetic of the Core Web Vitals bench (scripts/bench/lib/web-vitals-metrics.mjs, ADR 0058).
describe('web vitals arithmetic', () => {
  it('counts only what exceeds 50 ms of each long task, clipped to the window from FCP', () => {
    const tasks = [
      { startTime: 0, duration: 150 }, // clipped at FCP (100) to 50 ms: not blocking
      { startTime: 50, duration: 200 }, // clipped to [100, 250]: 150 ms, 100 blocking
      { startTime: 300, duration: 49 }, // short
      { startTime: 400, duration: 120 }, // 70 blocking
      { startTime: 900, duration: 300 }, // clipped at the end (1000) to 100 ms: 50 blocking
      { startTime: 1200, duration: 500 }, // after the window
    ];
    expect(totalBlockingTime(tasks, 100, 1000)).toBe(100 + 70 + 50);
    expect(totalBlockingTime(tasks, 1000, 1000)).toBe(0);
  });

  it('takes the largest session window of layout shifts, leaving out shifts after input', () => {
    const shifts = [
      { startTime: 100, value: 0.05, hadRecentInput: false },
      { startTime: 600, value: 0.04, hadRecentInput: false }, // same window: 0.09
      { startTime: 2000, value: 0.5, hadRecentInput: true }, // after input: never counted
      { startTime: 3000, value: 0.03, hadRecentInput: false }, // > 1 s gap: a new window
      { startTime: 3500, value: 0.03, hadRecentInput: false },
      { startTime: 4200, value: 0.02, hadRecentInput: false }, // 0.08
    ];
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.09, 10);
    // A window ends 5 s after its first shift even without a 1 s gap.
    const steady = Array.from({ length: 12 }, (_, i) => ({ startTime: i * 900, value: 0.01, hadRecentInput: false }));
    expect(cumulativeLayoutShift(steady)).toBeCloseTo(0.06, 10);
    expect(cumulativeLayoutShift([])).toBe(0);
  });

  it('takes the last LCP candidate and the median of the runs', () => {
    expect(largestContentfulPaint([{ startTime: 800, element: 'p' }, { startTime: 1900, element: 'img' }, { startTime: 1200, element: 'h1' }])?.element).toBe('img');
    expect(largestContentfulPaint([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([null, 5, Number.NaN])).toBe(5);
    expect(median([])).toBeNull();
  });

  it('sums up a view and the medians of a page against the targets', () => {
    const view = summariseView({
      paints: [{ name: 'first-paint', startTime: 500 }, { name: 'first-contentful-paint', startTime: 600 }],
      lcp: [{ startTime: 600, element: 'h1' }, { startTime: 2100, element: 'img.hero' }],
      shifts: [{ startTime: 700, value: 0.2, hadRecentInput: false }],
      longTasks: [{ startTime: 650, duration: 300 }],
      observedUntil: 8000,
    });
    expect(view).toMatchObject({ fcpMs: 600, lcpMs: 2100, lcpElement: 'img.hero', cls: 0.2, tbtMs: 250 });
    const page = medianOfViews([{ ...view, bytes: 100 }, { ...view, lcpMs: 2600, bytes: 300 }, { ...view, lcpMs: 3000, bytes: 200 }]);
    expect(page).toMatchObject({ runs: 3, lcpMs: 2600, bytes: 200, tbtMs: 250 });
    expect(meetsTargets(page)).toEqual({ lcp: false, cls: false, tbt: false });
    expect(meetsTargets({ lcpMs: 2500, cls: 0.1, tbtMs: 200 })).toEqual({ lcp: true, cls: true, tbt: true });
  });

  it("gives CDP Lighthouse's Slow 4G in bytes per second", () => {
    expect(networkConditions()).toEqual({ offline: false, latency: 562.5, downloadThroughput: (1638.4 * 0.9 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 });
  });
});
