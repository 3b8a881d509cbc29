import { assessmentOpen, coveredSeconds, creditBudget, creditReport, mergeRanges, progressOf } from './watched-time.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 10, 0, seconds));

describe('watched time', () => {
  it('merges overlapping and touching ranges, drops empty ones', () => {
    expect(mergeRanges([[10, 20], [0, 5], [5, 8], [15, 30], [40, 40], [35, 36]])).toEqual([[0, 8], [10, 30], [35, 36]]);
    expect(coveredSeconds([[0, 10], [5, 15]])).toBe(15);
  });

  it('allows twice the wall-clock time since the last report plus a small allowance', () => {
    expect(creditBudget(null, at(0))).toBe(2);
    expect(creditBudget(at(0), at(10))).toBe(22);
    expect(creditBudget(at(10), at(0))).toBe(2); // a clock going backwards gives nothing extra
  });

  it('credits a claim of the whole film in one request only the allowance', () => {
    const result = creditReport({ ranges: [], lastProgressAt: null }, { position: 2400, from: 0, to: 2400 }, 2400, at(0));
    expect(result.watchedSeconds).toBe(2);
    expect(result.ranges).toEqual([[0, 2]]);
    expect(result.position).toBe(2400);
  });

  it('credits ten seconds watched after ten seconds, and at most 2× speed', () => {
    const state = { ranges: [], lastProgressAt: at(0) };
    expect(creditReport(state, { position: 10, from: 0, to: 10 }, 600, at(10)).watchedSeconds).toBe(10);
    expect(creditReport(state, { position: 60, from: 0, to: 60 }, 600, at(10)).watchedSeconds).toBe(22);
  });

  it('does not count re-watching twice, and credits only the unwatched gaps of a report', () => {
    const state = { ranges: [[0, 10], [20, 30]] as Array<[number, number]>, lastProgressAt: at(0) };
    const again = creditReport(state, { position: 10, from: 0, to: 10 }, 600, at(60));
    expect(again).toMatchObject({ credited: 0, watchedSeconds: 20 });
    const across = creditReport(state, { position: 40, from: 5, to: 40 }, 600, at(60));
    expect(across).toMatchObject({ credited: 20, watchedSeconds: 40, ranges: [[0, 40]] });
    // A small budget fills the first gap first.
    const small = creditReport({ ranges: state.ranges, lastProgressAt: at(0) }, { position: 40, from: 5, to: 40 }, 600, at(4));
    expect(small).toMatchObject({ credited: 10, ranges: [[0, 30]] });
  });

  it('caps ranges and position at the film\'s duration and below zero', () => {
    const result = creditReport({ ranges: [[0, 25]], lastProgressAt: at(0) }, { position: 99, from: 25, to: 99 }, 30, at(100));
    expect(result).toMatchObject({ watchedSeconds: 30, position: 30, ranges: [[0, 30]] });
    expect(creditReport({ ranges: [], lastProgressAt: at(0) }, { position: -5, from: -5, to: -1 }, 30, at(10))).toMatchObject({ credited: 0, position: 0 });
  });

  it('opens the assessment at 90% of a known duration and gives progress as a share', () => {
    expect(assessmentOpen(26, 30)).toBe(false);
    expect(assessmentOpen(27, 30)).toBe(true);
    expect(assessmentOpen(1000, null)).toBe(false);
    expect(progressOf(15, 30, false)).toBe(0.5);
    expect(progressOf(40, 30, false)).toBe(1);
    expect(progressOf(0, null, true)).toBe(1);
    expect(progressOf(10, null, false)).toBe(0);
  });
});
