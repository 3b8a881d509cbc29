import {
  createPageLoader,
  loaderColor,
  loaderDecrease,
  loaderFail,
  loaderFinish,
  loaderHide,
  loaderIncrease,
  loaderPause,
  loaderReset,
  loaderSet,
  loaderStart,
  loaderTick,
  PAGE_LOADER_DEFAULTS,
  PAGE_LOADER_IDLE,
  tickIncrement,
  type LoaderTimers,
  type PageLoader,
} from './page-loader.js';

/* A virtual clock for the loader's injectable timers: nothing runs until `advance` is called. */
type Handle = ReturnType<typeof setTimeout>;
interface Task {
  id: number;
  due: number;
  every?: number;
  callback: () => void;
}

class FakeTimers implements LoaderTimers {
  now = 0;
  readonly intervalsRequested: number[] = [];
  readonly timeoutsRequested: number[] = [];
  private tasks = new Map<number, Task>();
  private nextId = 1;

  setInterval(callback: () => void, ms: number): Handle {
    this.intervalsRequested.push(ms);
    return this.add({ due: this.now + ms, every: ms, callback });
  }
  setTimeout(callback: () => void, ms: number): Handle {
    this.timeoutsRequested.push(ms);
    return this.add({ due: this.now + ms, callback });
  }
  clearInterval(handle: Handle): void {
    this.tasks.delete(handle as unknown as number);
  }
  clearTimeout(handle: Handle): void {
    this.tasks.delete(handle as unknown as number);
  }
  get pending(): number {
    return this.tasks.size;
  }

  /** Moves the clock forward, running every task that falls due on the way, in order. */
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const next = [...this.tasks.values()].filter((t) => t.due <= until).sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!next) break;
      this.now = next.due;
      if (next.every === undefined) this.tasks.delete(next.id);
      else next.due += next.every;
      next.callback();
    }
    this.now = until;
  }

  private add(task: Omit<Task, 'id'>): Handle {
    const id = this.nextId++;
    this.tasks.set(id, { id, ...task });
    return id as unknown as Handle;
  }
}

const NAMED: Record<string, string> = { lightblue: '#add8e6', lightskyblue: '#87cefa', red: '#ff0000' };
function rgb(colour: string): [number, number, number] {
  const hex = (NAMED[colour.toLowerCase()] ?? colour).replace('#', '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  expect(full).toMatch(/^[0-9a-f]{6}$/i);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

describe('page loader (seed §4, §9)', () => {
  let timers: FakeTimers;
  let loader: PageLoader;
  let randoms: number[];

  function make(random: () => number = () => randoms.shift() ?? 0.5): PageLoader {
    loader = createPageLoader({ timers, random });
    return loader;
  }

  beforeEach(() => {
    timers = new FakeTimers();
    randoms = [];
  });
  afterEach(() => loader?.dispose());

  describe('defaults', () => {
    it('uses the seed constants: 3000 ms, 100 ms tick, finish above 95 %, hide after 500 ms, reset 200 ms later, 22px', () => {
      expect(PAGE_LOADER_DEFAULTS).toMatchObject({ durationMs: 3000, tickMs: 100, finishAbove: 95, hideDelayMs: 500, resetDelayMs: 200, heightPx: 22 });
      expect(make().options.heightPx).toBe(22);
    });

    it('draws the bar light blue, and red once failed', () => {
      const [r, g, b] = rgb(PAGE_LOADER_DEFAULTS.color);
      expect(b).toBeGreaterThan(r); // blue ...
      expect(b).toBeGreaterThanOrEqual(g);
      expect(Math.min(r, g, b)).toBeGreaterThanOrEqual(0x80); // ... and light
      const [fr, fg, fb] = rgb(PAGE_LOADER_DEFAULTS.failedColor);
      expect(fr).toBeGreaterThanOrEqual(0xc0);
      expect(fg).toBeLessThan(0x40);
      expect(fb).toBeLessThan(0x40);
      expect(loaderColor(loaderStart())).toBe(PAGE_LOADER_DEFAULTS.color);
      expect(loaderColor(loaderFail(loaderStart()))).toBe(PAGE_LOADER_DEFAULTS.failedColor);
    });

    it('is hidden at 0 before any navigation (the server-rendered state)', () => {
      expect(PAGE_LOADER_IDLE).toEqual({ percent: 0, visible: false, running: false, failed: false });
      expect(make().getState()).toEqual(PAGE_LOADER_IDLE);
    });
  });

  describe('pure core', () => {
    it('starts visible at 0, running and not failed', () => {
      expect(loaderStart()).toEqual({ percent: 0, visible: true, running: true, failed: false });
    });

    it('spreads the random increments over the nominal duration: random × 10000 / duration points per tick', () => {
      expect(tickIncrement(0.5)).toBeCloseTo((0.5 * 10000) / 3000, 10);
      expect(tickIncrement(0.3, { durationMs: 1000 })).toBeCloseTo(3, 10);
      expect(tickIncrement(0)).toBe(0);
    });

    it('a tick adds the increment and reports finished only above 95 %', () => {
      const at90 = loaderSet(loaderStart(), 90);
      const small = loaderTick(at90, 0.3); // +1 → 91
      expect(small.state.percent).toBeCloseTo(91, 10);
      expect(small.finished).toBe(false);
      const to93 = loaderTick(at90, 0.9); // +3 → 93
      expect(to93.finished).toBe(false);
      const over = loaderTick(loaderSet(loaderStart(), 94), 0.9); // +3 → 97
      expect(over.state.percent).toBeCloseTo(97, 10);
      expect(over.finished).toBe(true);
      const at95 = loaderTick(loaderSet(loaderStart(), 95), 0); // stays at 95: not *above* 95
      expect(at95.finished).toBe(false);
    });

    it('a paused, failed or finished loader does not move on a tick', () => {
      const paused = loaderPause(loaderSet(loaderStart(), 40));
      expect(loaderTick(paused, 0.9)).toEqual({ state: paused, finished: false });
      expect(loaderTick(loaderFail(paused), 0.9).state.percent).toBe(40);
      expect(loaderTick(loaderFinish(paused), 0.9).state.percent).toBe(100);
    });

    it('set, increase and decrease stay within 0–100', () => {
      const s = loaderStart();
      expect(loaderSet(s, 42).percent).toBe(42);
      expect(loaderSet(s, 150).percent).toBe(100);
      expect(loaderSet(s, -3).percent).toBe(0);
      expect(loaderSet(s, Number.NaN).percent).toBe(0);
      expect(loaderIncrease(loaderSet(s, 30), 25).percent).toBe(55);
      expect(loaderIncrease(loaderSet(s, 90), 25).percent).toBe(100);
      expect(loaderDecrease(loaderSet(s, 30), 10).percent).toBe(20);
      expect(loaderDecrease(loaderSet(s, 5), 10).percent).toBe(0);
    });

    it('finish → 100 and still visible; hide → invisible; reset → 0', () => {
      const finished = loaderFinish(loaderSet(loaderStart(), 97));
      expect(finished).toMatchObject({ percent: 100, visible: true, running: false });
      const hidden = loaderHide(finished);
      expect(hidden).toMatchObject({ percent: 100, visible: false });
      expect(loaderReset(hidden)).toMatchObject({ percent: 0, visible: false });
    });

    it('never mutates the state it is given', () => {
      const s = Object.freeze(loaderSet(loaderStart(), 10));
      expect(() => [loaderTick(s, 0.5), loaderIncrease(s, 5), loaderPause(s), loaderFail(s), loaderFinish(s), loaderHide(s)]).not.toThrow();
      expect(s.percent).toBe(10);
    });
  });

  describe('the store, on a virtual clock', () => {
    it('start shows the loader at 0 and ticks every 100 ms with a positive random increment', () => {
      randoms = [0.5, 0.2, 0.9];
      make();
      loader.start();
      expect(loader.getState()).toEqual({ percent: 0, visible: true, running: true, failed: false });
      expect(timers.intervalsRequested).toEqual([100]);

      timers.advance(99);
      expect(loader.getState().percent).toBe(0);
      timers.advance(1);
      const first = loader.getState().percent;
      expect(first).toBeCloseTo(tickIncrement(0.5), 10);
      timers.advance(100);
      const second = loader.getState().percent;
      expect(second - first).toBeCloseTo(tickIncrement(0.2), 10);
      timers.advance(100);
      expect(loader.getState().percent - second).toBeCloseTo(tickIncrement(0.9), 10);
      expect(loader.getState().percent).toBeGreaterThan(second);
    });

    it('uses Math.random-like values: with the largest increments it finishes within the nominal 3000 ms', () => {
      make(() => 0.999999);
      loader.start();
      timers.advance(2800);
      expect(loader.getState()).toMatchObject({ visible: true, running: true });
      expect(loader.getState().percent).toBeLessThanOrEqual(95);
      timers.advance(200);
      expect(loader.getState()).toMatchObject({ percent: 100, visible: true, running: false });
    });

    it('with average increments it is still running at 3000 ms (about half-way)', () => {
      make(() => 0.5);
      loader.start();
      timers.advance(3000);
      expect(loader.getState().running).toBe(true);
      expect(loader.getState().percent).toBeCloseTo(50, 5);
    });

    it('finishes by itself once progress passes 95: 100, hidden after 500 ms, back to 0 about 200 ms later', () => {
      make(() => 0.5);
      loader.start();
      loader.set(94);
      timers.advance(100); // 94 + 1.67 → above 95
      expect(loader.getState()).toEqual({ percent: 100, visible: true, running: false, failed: false });

      timers.advance(499);
      expect(loader.getState().visible).toBe(true);
      timers.advance(1);
      expect(loader.getState()).toMatchObject({ visible: false, percent: 100 });
      timers.advance(199);
      expect(loader.getState().percent).toBe(100);
      timers.advance(1);
      expect(loader.getState()).toEqual({ percent: 0, visible: false, running: false, failed: false });
      expect(timers.pending).toBe(0); // no interval left behind
    });

    it('finish() from the navigation end behaves the same at any progress', () => {
      make();
      loader.start();
      timers.advance(300);
      loader.finish();
      expect(loader.getState()).toMatchObject({ percent: 100, visible: true, running: false });
      timers.advance(500);
      expect(loader.getState().visible).toBe(false);
      timers.advance(200);
      expect(loader.getState().percent).toBe(0);
      timers.advance(5000);
      expect(loader.getState().percent).toBe(0); // the interval was stopped
    });

    it('set, increase and decrease move the bar while it runs', () => {
      make(() => 0);
      loader.start();
      loader.set(40);
      expect(loader.getState().percent).toBe(40);
      loader.increase(15);
      expect(loader.getState().percent).toBe(55);
      loader.decrease(20);
      expect(loader.getState().percent).toBe(35);
      loader.increase(500);
      expect(loader.getState()).toMatchObject({ percent: 100, running: true }); // a manual set does not finish it
    });

    it('pause stops the increments where they are and keeps the loader shown', () => {
      make(() => 0.6);
      loader.start();
      timers.advance(300);
      const at = loader.getState().percent;
      expect(at).toBeGreaterThan(0);
      loader.pause();
      timers.advance(2000);
      expect(loader.getState()).toMatchObject({ percent: at, visible: true, running: false, failed: false });
    });

    it('fail turns the bar red, then finishes and hides like a normal end', () => {
      make(() => 0.5);
      loader.start();
      timers.advance(500);
      loader.fail();
      expect(loader.getState()).toMatchObject({ failed: true, percent: 100, visible: true, running: false });
      expect(loaderColor(loader.getState(), loader.options)).toBe(PAGE_LOADER_DEFAULTS.failedColor);
      timers.advance(500);
      expect(loader.getState().visible).toBe(false);
      timers.advance(200);
      expect(loader.getState().percent).toBe(0);

      loader.start(); // the next navigation starts light blue again
      expect(loader.getState().failed).toBe(false);
      expect(loaderColor(loader.getState(), loader.options)).toBe(PAGE_LOADER_DEFAULTS.color);
    });

    it('a new navigation during the hide delay restarts cleanly: no stale hide or reset fires', () => {
      make(() => 0.5);
      loader.start();
      loader.finish();
      timers.advance(300);
      loader.start();
      expect(loader.getState()).toMatchObject({ percent: 0, visible: true, running: true });
      timers.advance(400); // past the first hide (500) and reset (700) deadlines
      expect(loader.getState().visible).toBe(true);
      expect(loader.getState().percent).toBeGreaterThan(0);
      expect(timers.intervalsRequested).toEqual([100, 100]);
      expect(timers.pending).toBe(1); // only the new interval
    });

    it('start while running restarts at 0 with one interval only', () => {
      make(() => 0.5);
      loader.start();
      timers.advance(1000);
      loader.start();
      expect(loader.getState().percent).toBe(0);
      expect(timers.pending).toBe(1);
      timers.advance(100);
      expect(loader.getState().percent).toBeCloseTo(tickIncrement(0.5), 10); // one tick, not two
    });

    it('notifies subscribers on every change and stops after unsubscribing', () => {
      make(() => 0.5);
      let calls = 0;
      const unsubscribe = loader.subscribe(() => calls++);
      loader.start();
      expect(calls).toBe(1);
      timers.advance(200);
      expect(calls).toBe(3);
      unsubscribe();
      timers.advance(200);
      expect(calls).toBe(3);
    });

    it('dispose cancels every pending timer', () => {
      make(() => 0.5);
      loader.start();
      loader.finish();
      loader.start();
      loader.finish();
      expect(timers.pending).toBe(1); // the one hide timer
      loader.dispose();
      expect(timers.pending).toBe(0);
      const before = loader.getState();
      timers.advance(10_000);
      expect(loader.getState()).toBe(before);
    });

    it('honours overridden options', () => {
      loader = createPageLoader({ timers, random: () => 1, options: { tickMs: 50, durationMs: 1000, hideDelayMs: 10, resetDelayMs: 5 } });
      loader.start();
      expect(timers.intervalsRequested).toEqual([50]);
      timers.advance(50);
      expect(loader.getState().percent).toBeCloseTo(10, 10);
      timers.advance(450); // 10 ticks → 100 → finish
      expect(loader.getState().percent).toBe(100);
      timers.advance(10);
      expect(loader.getState().visible).toBe(false);
      timers.advance(5);
      expect(loader.getState().percent).toBe(0);
    });
  });
});
