import { IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { Transform, Type } from 'class-transformer';
import { ArgumentMetadata } from '@nestjs/common';
import { createValidationPipe, QUERY_MEMO_ENTRIES, RequestValidationError } from './request-validation.js';

class Address {
  @IsString() postcode!: string;
}
class Body {
  @IsString() name!: string;
  @IsInt() @Min(1) qty!: number;
  @ValidateNested() @Type(() => Address) address!: Address;
}

const meta: ArgumentMetadata = { type: 'body', metatype: Body };

describe('createValidationPipe', () => {
  it('lists each bad field with its reasons, nested ones dotted', async () => {
    const error = await createValidationPipe()
      .transform({ name: 5, qty: 0, address: { postcode: 7 } }, meta)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    const fields = (error as RequestValidationError).fields;
    expect(Object.keys(fields).sort()).toEqual(['address.postcode', 'name', 'qty']);
    expect(fields.qty?.[0]).toMatch(/not be less than 1/);
  });

  it('refuses fields the request does not declare', async () => {
    const error = await createValidationPipe()
      .transform({ name: 'a', qty: 1, address: { postcode: 'LS1 1AA' }, role: 'admin' }, meta)
      .catch((e: unknown) => e);
    expect((error as RequestValidationError).fields).toEqual({ role: ['role is not an accepted field.'] });
  });

  it('refuses NUL characters anywhere, naming the field', async () => {
    const error = await createValidationPipe()
      .transform({ name: 'a', qty: 1, address: { postcode: 'LS1\u00001AA' } }, meta)
      .catch((e: unknown) => e);
    expect((error as RequestValidationError).fields).toEqual({ 'address.postcode': ['This may not contain NUL characters.'] });
  });

  it('refuses lone UTF-16 surrogates anywhere, in values and in field names, naming the field', async () => {
    const pipe = createValidationPipe();
    const fieldsOf = (value: unknown) => pipe.transform(value, meta).then(() => null, (e: unknown) => (e as RequestValidationError).fields);
    expect(await fieldsOf({ name: 'a', qty: 1, address: { postcode: 'LS1 1AA\ud800' } })).toEqual({ 'address.postcode': ['This must be valid text.'] });
    expect(await fieldsOf({ name: '\udfffx', qty: 1, address: { postcode: 'LS1 1AA' } })).toEqual({ name: ['This must be valid text.'] });
    expect(await fieldsOf({ name: 'a', qty: 1, address: { postcode: 'LS1 1AA' }, tags: ['ok', '\ud83d'] })).toEqual({ 'tags.1': ['This must be valid text.'] });
    expect(await fieldsOf({ name: 'a', qty: 1, address: { postcode: 'LS1 1AA', '\ud800': 1 } })).toEqual({ 'address.\ud800': ['This must be valid text.'] });
    expect(await fieldsOf({ name: 'a', qty: 1, address: { postcode: 'LS1 1AA', 'x\u0000': 1 } })).toEqual({ 'address.x\u0000': ['This may not contain NUL characters.'] });
    // A query or a route parameter is a plain string.
    expect(await pipe.transform('\ud800', { type: 'param', data: 'id' }).catch((e: RequestValidationError) => e.fields)).toEqual({ value: ['This must be valid text.'] });
  });

  it('lets a proper surrogate pair (an emoji) through as the text it is', async () => {
    const value = await createValidationPipe().transform({ name: '\ud83d\ude00 Jo', qty: 1, address: { postcode: 'LS1 1AA' } }, meta);
    expect((value as Body).name).toBe('😀 Jo');
  });

  it('passes a good body through as an instance', async () => {
    const value = await createValidationPipe().transform({ name: 'a', qty: 2, address: { postcode: 'LS1 1AA' } }, meta);
    expect(value).toBeInstanceOf(Body);
  });
});

let pageTransforms = 0;
class ListQuery {
  @Transform(({ value }: { value: unknown }) => {
    pageTransforms += 1;
    return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  })
  @IsOptional() @IsInt() @Min(1)
  page: number = 1;

  @IsOptional() @IsString()
  search?: string;
}

describe('createValidationPipe on a query', () => {
  const query: ArgumentMetadata = { type: 'query', metatype: ListQuery };
  beforeEach(() => {
    pageTransforms = 0;
  });

  it('checks a query string once and hands out a fresh copy of its object each time', async () => {
    const pipe = createValidationPipe();
    const first = (await pipe.transform({ page: '3', search: 'fire' }, query)) as ListQuery;
    const second = (await pipe.transform({ page: '3', search: 'fire' }, query)) as ListQuery;
    expect(pageTransforms).toBe(1);
    expect(second).toBeInstanceOf(ListQuery);
    expect(second).toEqual({ page: 3, search: 'fire' });
    expect(second).not.toBe(first);
    second.page = 99; // a handler's change to its copy reaches nobody else
    expect(await pipe.transform({ page: '3', search: 'fire' }, query)).toEqual({ page: 3, search: 'fire' });
    await pipe.transform({ page: '4', search: 'fire' }, query);
    expect(pageTransforms).toBe(2);
  });

  it('answers a bad query with its 422 every time, never from the memo', async () => {
    const pipe = createValidationPipe();
    for (let i = 0; i < 2; i += 1) {
      const error = await pipe.transform({ page: '0' }, query).catch((e: unknown) => e);
      expect((error as RequestValidationError).fields).toEqual({ page: ['page must not be less than 1'] });
      const unknown = await pipe.transform({ page: '2', role: 'admin' }, query).catch((e: unknown) => e);
      expect((unknown as RequestValidationError).fields).toEqual({ role: ['role is not an accepted field.'] });
    }
    expect(pageTransforms).toBe(4);
  });

  it('keeps a bounded number of queries, letting the oldest go first', async () => {
    const pipe = createValidationPipe();
    for (let page = 1; page <= QUERY_MEMO_ENTRIES + 1; page += 1) await pipe.transform({ page: String(page) }, query);
    expect(pageTransforms).toBe(QUERY_MEMO_ENTRIES + 1);
    await pipe.transform({ page: String(QUERY_MEMO_ENTRIES + 1) }, query); // the newest is kept
    expect(pageTransforms).toBe(QUERY_MEMO_ENTRIES + 1);
    await pipe.transform({ page: '1' }, query); // the oldest was let go
    expect(pageTransforms).toBe(QUERY_MEMO_ENTRIES + 2);
  });
});
