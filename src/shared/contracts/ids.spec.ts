import { isId, MAX_ID } from './ids.js';

describe('isId', () => {
  it('takes the whole numbers a PostgreSQL integer id can hold', () => {
    expect(MAX_ID).toBe(2 ** 31 - 1);
    for (const id of [1, 42, MAX_ID]) expect(isId(id)).toBe(true);
  });

  it('refuses zero, negatives, fractions, the first number past integer, and what is not a number', () => {
    for (const id of [0, -1, 1.5, MAX_ID + 1, Number.MAX_SAFE_INTEGER + 2, Number.NaN, Infinity]) expect(isId(id)).toBe(false);
  });
});
