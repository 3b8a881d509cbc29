/**
 * Watched time (product.md "Watched time", ADR 0047): the server credits what a player reports only as far as the
 * wall clock allows, so a script cannot claim a 40-minute film in one request. Pure rules, no clock of their own.
 */

/** A watched stretch of the film, [from, to) in seconds. */
export type WatchedRange = readonly [number, number];

/** Playback up to twice the normal speed is honest watching (people speed up talking heads). */
export const MAX_PLAYBACK_RATE = 2;
/** Seconds each report may claim beyond the clock: the player's timer and the network are not exact. */
export const REPORT_ALLOWANCE_SECONDS = 2;
/** The share of the film a learner must have watched before the assessment opens. */
export const ASSESSMENT_THRESHOLD = 0.9;

/** Ranges sorted and merged where they overlap or touch, empty ones dropped. */
export function mergeRanges(ranges: readonly WatchedRange[]): WatchedRange[] {
  const sorted = ranges.filter(([from, to]) => to > from).map(([from, to]) => [from, to] as [number, number]).sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [from, to] of sorted) {
    const last = merged.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** Seconds covered by (merged) ranges. */
export function coveredSeconds(ranges: readonly WatchedRange[]): number {
  return mergeRanges(ranges).reduce((sum, [from, to]) => sum + (to - from), 0);
}

/** What the clock allows a report to add: twice the time since the last report, plus the allowance. */
export function creditBudget(lastProgressAt: Date | null, now: Date): number {
  const elapsed = lastProgressAt ? Math.max(0, (now.getTime() - lastProgressAt.getTime()) / 1000) : 0;
  return elapsed * MAX_PLAYBACK_RATE + REPORT_ALLOWANCE_SECONDS;
}

export interface ProgressReport {
  position: number;
  from: number;
  to: number;
}

export interface WatchedState {
  ranges: readonly WatchedRange[];
  lastProgressAt: Date | null;
}

export interface CreditedProgress {
  ranges: WatchedRange[];
  /** Whole seconds watched (rounded down): what the API and the 90% rule read. */
  watchedSeconds: number;
  /** Seconds this report added. */
  credited: number;
  position: number;
}

/**
 * Credits a report: the parts of [from, to) not watched before, in order from `from`, up to the clock's budget, all
 * within the film's duration (when known). Re-watching adds nothing; claiming more than the clock allows adds only
 * the budget's worth from where the claim starts.
 */
export function creditReport(state: WatchedState, report: ProgressReport, duration: number | null, now: Date): CreditedProgress {
  const end = duration ?? Number.POSITIVE_INFINITY;
  const from = clamp(report.from, 0, end);
  const to = clamp(report.to, 0, end);
  const before = mergeRanges(state.ranges);
  let budget = creditBudget(state.lastProgressAt, now);
  const added: WatchedRange[] = [];
  for (const [gapFrom, gapTo] of gapsWithin(before, from, to)) {
    if (budget <= 0) break;
    const take = Math.min(gapTo - gapFrom, budget);
    added.push([gapFrom, round(gapFrom + take)]);
    budget -= take;
  }
  const ranges = mergeRanges([...before, ...added]);
  const total = coveredSeconds(ranges);
  return {
    ranges,
    watchedSeconds: Math.floor(total + 1e-6),
    credited: round(total - coveredSeconds(before)),
    position: Math.floor(clamp(report.position, 0, end)),
  };
}

/** Whether enough of the film has been watched for the assessment; never without a known duration. */
export function assessmentOpen(watchedSeconds: number, duration: number | null): boolean {
  return duration !== null && duration > 0 && watchedSeconds >= Math.ceil(duration * ASSESSMENT_THRESHOLD);
}

/** Progress for lists: watched share of the film, 0–1 (1 once completed). */
export function progressOf(watchedSeconds: number, duration: number | null, completed: boolean): number {
  if (completed) return 1;
  if (!duration) return 0;
  return Math.min(1, Math.round((watchedSeconds / duration) * 100) / 100);
}

/** The stretches of [from, to) that no merged range covers. */
function gapsWithin(merged: readonly WatchedRange[], from: number, to: number): WatchedRange[] {
  const gaps: WatchedRange[] = [];
  let cursor = from;
  for (const [a, b] of merged) {
    if (b <= cursor) continue;
    if (a >= to) break;
    if (a > cursor) gaps.push([cursor, a]);
    cursor = Math.max(cursor, b);
    if (cursor >= to) break;
  }
  if (cursor < to) gaps.push([cursor, to]);
  return gaps;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Number.isFinite(value) ? value : min));
// Tenths of a second are plenty and keep the stored ranges short.
const round = (value: number) => Math.round(value * 10) / 10;
