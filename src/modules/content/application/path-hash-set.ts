import { fnv1a } from '../../../shared/fnv1a.js';

/**
 * A set of paths held as sorted 32-bit FNV-1a hashes: it answers "certainly not in the set" or "perhaps". For SEO
 * entries (ADR 0092): most page renders are for a path without an entry, and for those the answer then costs no
 * statement; a "perhaps" (an entry, or a rare collision) is looked up as before. 100,000 paths are 400 kB, where a
 * `Set` of the strings would be several MB of the heap.
 */
export class PathHashSet {
  private constructor(private readonly hashes: Uint32Array) {}

  static of(paths: readonly string[]): PathHashSet {
    const hashes = new Uint32Array(paths.length);
    for (let index = 0; index < paths.length; index++) hashes[index] = fnv1a(paths[index]!);
    return new PathHashSet(hashes.sort());
  }

  get size(): number {
    return this.hashes.length;
  }

  /** False only when `path` is certainly not in the set. */
  mayHave(path: string): boolean {
    const wanted = fnv1a(path);
    let low = 0;
    let high = this.hashes.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const hash = this.hashes[middle]!;
      if (hash === wanted) return true;
      if (hash < wanted) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}
