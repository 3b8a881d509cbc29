import { jsonNestsDeeperThan } from './json-nesting.js';

describe('jsonNestsDeeperThan', () => {
  const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('counts arrays and objects alike, up to and beyond the limit', () => {
    expect(jsonNestsDeeperThan(arrays(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan(arrays(4), 3)).toBe(true);
    expect(jsonNestsDeeperThan(objects(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":[{"b":[1]}]}`, 3)).toBe(true);
    expect(jsonNestsDeeperThan(`[[1],[2],[3],{"a":{}}]`, 3)).toBe(false);
    expect(jsonNestsDeeperThan(`[[1],[2],[3],{"a":{}}]`, 2)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(`{"a":"[[[[{{{{"}`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\"[[[[", "\\\\", "]]"]`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\\\"]`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\\\",[["x"]]]`, 2)).toBe(true);
  });

  it('scans 10,000 levels and a megabyte without recursion', () => {
    expect(jsonNestsDeeperThan(arrays(10_000), 32)).toBe(true);
    expect(jsonNestsDeeperThan(`[${'"x",'.repeat(200_000)}1]`, 32)).toBe(false);
  });
});
