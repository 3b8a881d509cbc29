/**
 * Page loader (seed §4, §9): the progress bar and "Loading..." overlay shown while navigating.
 *
 * Two layers:
 * - a pure core (`loaderStart`, `loaderTick`, `loaderSet`, ...) that maps a state to the next state and
 *   never touches timers, the DOM or `Math.random`, so it can be unit-tested directly;
 * - `createPageLoader()`, a small store that drives the core with injectable timers and randomness and
 *   notifies subscribers (React reads it through `useSyncExternalStore`).
 *
 * No React or DOM import here: the module is safe to load on the server and in unit tests.
 */

export interface PageLoaderOptions {
  /** Nominal duration over which the random increments are spread. */
  durationMs: number;
  /** Interval between two increments while running. */
  tickMs: number;
  /** The loader finishes by itself once progress passes this percentage. */
  finishAbove: number;
  /** After finishing, how long the bar stays (at 100 %) before it hides. */
  hideDelayMs: number;
  /** After hiding, how long until progress goes back to 0. */
  resetDelayMs: number;
  color: string;
  failedColor: string;
  heightPx: number;
}

/** Seed §9: 3000 ms nominal duration, 100 ms tick, finishes above 95 %, hides after 500 ms, resets 200 ms later, 22px. */
export const PAGE_LOADER_DEFAULTS: Readonly<PageLoaderOptions> = Object.freeze({
  durationMs: 3000,
  tickMs: 100,
  finishAbove: 95,
  hideDelayMs: 500,
  resetDelayMs: 200,
  color: '#87cefa', // light blue
  failedColor: '#ff0000', // red
  heightPx: 22,
});

export interface PageLoaderState {
  /** 0 to 100. */
  readonly percent: number;
  readonly visible: boolean;
  /** The automatic increments are running. */
  readonly running: boolean;
  /** Marked failed: the bar is drawn in the failure colour. */
  readonly failed: boolean;
}

/** Before any navigation (and in server-rendered HTML) the loader is hidden. */
export const PAGE_LOADER_IDLE: PageLoaderState = Object.freeze({ percent: 0, visible: false, running: false, failed: false });

const clampPercent = (value: number): number => (Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0);

/* ------------------------------------------------------------------------------------------------ */
/* Pure core                                                                                        */
/* ------------------------------------------------------------------------------------------------ */

/** Starting: visible, progress 0, running, not failed. */
export function loaderStart(): PageLoaderState {
  return { percent: 0, visible: true, running: true, failed: false };
}

/**
 * The increment added at one tick: a random share of `10000 / durationMs` percentage points, so that
 * the increments are spread over the nominal duration. `random` is in [0, 1).
 */
export function tickIncrement(random: number, options: Pick<PageLoaderOptions, 'durationMs'> = PAGE_LOADER_DEFAULTS): number {
  return clampPercent(random) * (10000 / options.durationMs);
}

/**
 * One tick while running: adds the random increment; `finished` is true when progress passed
 * `finishAbove`, in which case the caller must `finish`. A stopped loader does not move.
 */
export function loaderTick(
  state: PageLoaderState,
  random: number,
  options: Pick<PageLoaderOptions, 'durationMs' | 'finishAbove'> = PAGE_LOADER_DEFAULTS,
): { state: PageLoaderState; finished: boolean } {
  if (!state.running) return { state, finished: false };
  const percent = clampPercent(state.percent + tickIncrement(random, options));
  return { state: { ...state, percent }, finished: percent > options.finishAbove };
}

export function loaderSet(state: PageLoaderState, percent: number): PageLoaderState {
  return { ...state, percent: clampPercent(percent) };
}

export function loaderIncrease(state: PageLoaderState, by: number): PageLoaderState {
  return loaderSet(state, state.percent + by);
}

export function loaderDecrease(state: PageLoaderState, by: number): PageLoaderState {
  return loaderSet(state, state.percent - by);
}

/** Stops the increments, keeping progress and visibility. */
export function loaderPause(state: PageLoaderState): PageLoaderState {
  return { ...state, running: false };
}

/** Marks the loader failed (drawn red); the increments stop. */
export function loaderFail(state: PageLoaderState): PageLoaderState {
  return { ...state, running: false, failed: true };
}

/** Finishing: progress 100, increments stop; still visible until `loaderHide`. */
export function loaderFinish(state: PageLoaderState): PageLoaderState {
  return { ...state, percent: 100, running: false };
}

export function loaderHide(state: PageLoaderState): PageLoaderState {
  return { ...state, visible: false, running: false };
}

/** Back to 0 once hidden (a later `start` clears the failed mark). */
export function loaderReset(state: PageLoaderState): PageLoaderState {
  return { ...state, percent: 0 };
}

/** The colour of the bar for a state. */
export function loaderColor(state: PageLoaderState, options: Pick<PageLoaderOptions, 'color' | 'failedColor'> = PAGE_LOADER_DEFAULTS): string {
  return state.failed ? options.failedColor : options.color;
}

/* ------------------------------------------------------------------------------------------------ */
/* Store                                                                                            */
/* ------------------------------------------------------------------------------------------------ */

type TimerHandle = ReturnType<typeof setTimeout>;

export interface LoaderTimers {
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export interface PageLoader {
  readonly options: Readonly<PageLoaderOptions>;
  getState(): PageLoaderState;
  /** Subscribes to state changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Shows the loader at 0 and starts the random increments (restarts if already running). */
  start(): void;
  /** Progress 100, hides after `hideDelayMs`, back to 0 `resetDelayMs` later. */
  finish(): void;
  /** Marks the loader failed (red) and finishes it. */
  fail(): void;
  /** Stops the increments where they are. */
  pause(): void;
  set(percent: number): void;
  increase(by: number): void;
  decrease(by: number): void;
  /** Cancels every pending timer (tests, teardown). */
  dispose(): void;
}

export interface CreatePageLoaderArgs {
  options?: Partial<PageLoaderOptions>;
  timers?: LoaderTimers;
  random?: () => number;
}

const globalTimers: LoaderTimers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle),
};

export function createPageLoader({ options: overrides, timers = globalTimers, random = Math.random }: CreatePageLoaderArgs = {}): PageLoader {
  const options: Readonly<PageLoaderOptions> = Object.freeze({ ...PAGE_LOADER_DEFAULTS, ...overrides });
  let state: PageLoaderState = PAGE_LOADER_IDLE;
  const listeners = new Set<() => void>();
  let interval: TimerHandle | undefined;
  let hideTimer: TimerHandle | undefined;
  let resetTimer: TimerHandle | undefined;

  const update = (next: PageLoaderState): void => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const stopInterval = (): void => {
    if (interval !== undefined) timers.clearInterval(interval);
    interval = undefined;
  };
  const cancelHide = (): void => {
    if (hideTimer !== undefined) timers.clearTimeout(hideTimer);
    if (resetTimer !== undefined) timers.clearTimeout(resetTimer);
    hideTimer = resetTimer = undefined;
  };

  const finish = (): void => {
    stopInterval();
    cancelHide();
    update(loaderFinish(state));
    hideTimer = timers.setTimeout(() => {
      hideTimer = undefined;
      update(loaderHide(state));
      resetTimer = timers.setTimeout(() => {
        resetTimer = undefined;
        update(loaderReset(state));
      }, options.resetDelayMs);
    }, options.hideDelayMs);
  };

  const tick = (): void => {
    const { state: next, finished } = loaderTick(state, random(), options);
    update(next);
    if (finished) finish();
  };

  return {
    options,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start() {
      stopInterval();
      cancelHide();
      update(loaderStart());
      interval = timers.setInterval(tick, options.tickMs);
    },
    finish,
    fail() {
      stopInterval();
      update(loaderFail(state));
      finish();
    },
    pause() {
      stopInterval();
      update(loaderPause(state));
    },
    set: (percent) => update(loaderSet(state, percent)),
    increase: (by) => update(loaderIncrease(state, by)),
    decrease: (by) => update(loaderDecrease(state, by)),
    dispose() {
      stopInterval();
      cancelHide();
    },
  };
}

/** The one loader of the browser page, driven by `+onPageTransitionStart` / `+onPageTransitionEnd`. */
export const pageLoader: PageLoader = createPageLoader();
