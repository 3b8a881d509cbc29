/** How the worker polls, retries and reclaims; `QueueModule.forRoot(env, overrides)` sets them. */
export interface QueueOptions {
  /** Start the worker when the web application boots (`RUN_QUEUE_WORKER`). Never in the CLI. */
  autoStart: boolean;
  /** Pause between looks for due jobs when none was found (`QUEUE_POLL_MS`). */
  pollMs: number;
  /** First retry delay (`QUEUE_RETRY_BASE_MS`); attempt n waits base × 2^(n-1). */
  backoffBaseMs: number;
  /** Longest retry delay. */
  backoffMaxMs: number;
  /**
   * A job 'running' with no sign of life (locked_at) for this long belongs to a worker that died: it is
   * claimed again. The worker holding a job refreshes locked_at every lease/3, so long jobs keep theirs.
   */
  leaseMs: number;
  /** Attempts a job gets unless `enqueue` says otherwise. */
  defaultMaxAttempts: number;
}

export const QUEUE_OPTIONS = Symbol('QueueOptions');

export const DEFAULT_QUEUE_OPTIONS: QueueOptions = {
  autoStart: true,
  pollMs: 1000,
  backoffBaseMs: 5_000,
  backoffMaxMs: 3_600_000,
  leaseMs: 300_000,
  defaultMaxAttempts: 5,
};

/** Delay before the next try after `attempts` failed ones: base × 2^(attempts-1), capped. */
export function retryDelayMs(attempts: number, options: Pick<QueueOptions, 'backoffBaseMs' | 'backoffMaxMs'>): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(options.backoffMaxMs, options.backoffBaseMs * 2 ** Math.min(exponent, 52));
}
