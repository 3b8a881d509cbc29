// Types for the part of lib/budgets.mjs its test checks (test/integration/bench-budgets.int-spec.ts).
export interface ReadsSummary {
  rate: number;
  sent: number;
  answered: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  unanswered: number;
  latencyMs: { p50: number | null; p90?: number | null; p99: number | null; max: number | null };
}

export interface BudgetResult {
  name: string;
  holds: boolean;
  detail: string;
}

export const BUDGETS: Record<string, number>;

export function recordsRead(
  result: { records?: { buyerLearners: number; json: ReadsSummary; page: ReadsSummary } } | null | undefined,
  which: 'json' | 'page',
  label: string,
  p99Budget: number,
): BudgetResult;

export function evaluateBudgets(bench: Record<string, unknown>, large: Record<string, unknown> | null): BudgetResult[];
