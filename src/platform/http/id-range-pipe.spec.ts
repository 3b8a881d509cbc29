import { NotFoundException } from '@nestjs/common';
import { MAX_ID } from '../../shared/contracts/ids.js';
import { IdRangePipe } from './list-query.js';

describe('IdRangePipe: a path id is a PostgreSQL integer or names nothing', () => {
  const pipe = new IdRangePipe();

  it('passes every id a table can hold', () => {
    expect(pipe.transform(1)).toBe(1);
    expect(pipe.transform(MAX_ID)).toBe(2_147_483_647);
  });

  it('answers 404 for zero, negatives and numbers past integer', () => {
    for (const id of [0, -1, MAX_ID + 1, Number.MAX_SAFE_INTEGER + 2]) expect(() => pipe.transform(id)).toThrow(NotFoundException);
  });
});
