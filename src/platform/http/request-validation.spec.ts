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

  it('passes a good body through as an instance', async () => {
    const value = await createValidationPipe().transform({ name: 'a', qty: 2, address: { postcode: 'LS1 1AA' } }, meta);
    expect(value).toBeInstanceOf(Body);
  });
});
