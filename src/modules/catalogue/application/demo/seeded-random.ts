import { fnv1a } from '../../../../shared/fnv1a.js';

/**
 * A small seeded pseudo-random generator (mulberry32), so demo data is the same on every machine and every
 * run: prices, stock and video ids never depend on Math.random or the clock.
 */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/** A generator from a number, or from a text (a product code) through its FNV-1a hash. */
export function seededRandom(seed: number | string): SeededRandom {
  let state = (typeof seed === 'string' ? fnv1a(seed) : seed) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}
