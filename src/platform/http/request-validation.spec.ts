import { IsInt, IsString, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { ArgumentMetadata } from '@nestjs/common';
import { createValidationPipe, RequestValidationError } from './request-validation.js';

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
