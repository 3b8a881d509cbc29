// Types of web-vitals-metrics.mjs for its unit test (test/integration/web-vitals-metrics.int-spec.ts).
export interface LongTask { startTime: number; duration: number }
export interface LayoutShift { startTime: number; value: number; hadRecentInput: boolean }
export interface LcpCandidate { startTime: number; element?: string | null }
export interface ViewFigures {
  fcpMs: number | null; lcpMs: number | null; lcpElement: string | null; cls: number; tbtMs: number | null; longTasks: number;
}
export interface PageFigures {
  runs: number; fcpMs: number | null; lcpMs: number | null; cls: number | null; tbtMs: number | null; bytes: number | null;
  requests: number | null; lcpElement: string | null;
}
export const WEB_VITALS_TARGETS: { lcpMs: number; cls: number; tbtMs: number };
export const SLOW_4G: { rttMs: number; latencyMs: number; downloadKbps: number; uploadKbps: number; cpuSlowdown: number };
export const MOBILE_SCREEN: { width: number; height: number; deviceScaleFactor: number };
export const MOBILE_USER_AGENT: string;
export const BLOCKING_THRESHOLD_MS: number;
export function networkConditions(profile?: typeof SLOW_4G): { offline: boolean; latency: number; downloadThroughput: number; uploadThroughput: number };
export function totalBlockingTime(longTasks: LongTask[], from: number, to: number): number;
export function cumulativeLayoutShift(shifts: LayoutShift[]): number;
export function largestContentfulPaint<T extends LcpCandidate>(candidates: T[]): T | null;
export function median(values: Array<number | null | undefined>): number | null;
export function summariseView(observed: {
  paints: Array<{ name: string; startTime: number }>; lcp: LcpCandidate[]; shifts: LayoutShift[]; longTasks: LongTask[]; observedUntil: number;
}): ViewFigures;
export function medianOfViews(views: Array<Partial<ViewFigures> & { bytes?: number; requests?: number }>): PageFigures;
export function meetsTargets(page: { lcpMs: number | null; cls: number | null; tbtMs: number | null }, targets?: typeof WEB_VITALS_TARGETS): { lcp: boolean; cls: boolean; tbt: boolean };
