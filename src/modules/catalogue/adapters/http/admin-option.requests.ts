import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { OptionalNotNull } from '../../../../platform/http/index.js';
import { OPTION_KINDS, OPTION_LIMITS, type OptionKind } from '../../domain/product-option.entity.js';
import { SortOrder, trim } from './admin-request-rules.js';
import { CODE_PATTERN } from './admin-product.requests.js';
import { MAX_ID } from '../../../../shared/contracts/ids.js';

const Name = () =>
  applyDecorators(Transform(trim), IsString({ message: 'Enter a name (e.g. DVD, Online licence — 1 user).' }), Length(1, OPTION_LIMITS.name, { message: `Enter a name of at most ${OPTION_LIMITS.name} characters.` }));
const Code = () =>
  applyDecorators(
    Transform(trim), IsString({ message: 'Enter an option code.' }),
    Length(1, OPTION_LIMITS.code, { message: `Enter an option code of at most ${OPTION_LIMITS.code} characters.` }),
    Matches(CODE_PATTERN, { message: 'The code may hold letters, digits and . _ / - and must start with a letter or digit.' }),
  );
const Price = () =>
  applyDecorators(
    IsInt({ message: 'price must be a whole number of pence, ex VAT (e.g. 1950 for £19.50).' }),
    Min(0, { message: 'price may not be negative.' }), Max(OPTION_LIMITS.price, { message: `price may be at most ${OPTION_LIMITS.price} pence.` }),
  );
const Weight = () =>
  applyDecorators(
    IsInt({ message: 'weight must be a whole number of grams.' }),
    Min(0, { message: 'weight may not be negative.' }), Max(OPTION_LIMITS.weight, { message: `weight may be at most ${OPTION_LIMITS.weight} grams.` }),
  );
/** null = unlimited stock (digital goods). */
const Qty = () =>
  applyDecorators(
    IsOptional(), IsInt({ message: 'qty must be a whole number of items in stock, or null for unlimited.' }),
    Min(0, { message: 'qty may not be negative (null means unlimited).' }), Max(OPTION_LIMITS.qty, { message: `qty may be at most ${OPTION_LIMITS.qty}.` }),
  );
/** Required for `online_access` (the service says so); ignored (stored null) for other kinds. */
const Seats = () =>
  applyDecorators(
    IsOptional(), IsInt({ message: 'seats must be a whole number of learners.' }),
    Min(1, { message: 'seats must be at least 1.' }), Max(OPTION_LIMITS.seats, { message: `seats may be at most ${OPTION_LIMITS.seats}.` }),
  );
const Kind = () => IsIn(OPTION_KINDS, { message: `kind must be one of ${OPTION_KINDS.join(', ')}.` });
const FileId = () =>
  applyDecorators(IsOptional(), IsInt({ message: 'file_id must be the id of one of this product\'s files, or null.' }), Min(1, { message: 'file_id must be the id of one of this product\'s files, or null.' }), Max(MAX_ID, { message: 'file_id must be the id of one of this product\'s files, or null.' }));
const Active = () => IsBoolean({ message: 'active must be true or false.' });

/** A new option. A `download` option needs `file_id`: one of the product's files, which it unlocks once bought. */
export class CreateOptionRequest {
  @ApiProperty({ example: 'DVD', maxLength: OPTION_LIMITS.name }) @Name()
  name!: string;

  @ApiProperty({ example: 'HSD-0042-DVD', description: 'Unique across all options.' }) @Code()
  code!: string;

  @ApiProperty({ description: 'Ex VAT, integer pence.', example: 1950 }) @Price()
  price!: number;

  @ApiPropertyOptional({ description: 'Grams.', default: 0 }) @OptionalNotNull() @Weight()
  weight?: number;

  @ApiPropertyOptional({ nullable: true, description: 'Stock; null = unlimited.', default: null }) @Qty()
  qty?: number | null;

  @ApiProperty({ enum: OPTION_KINDS }) @Kind()
  kind!: OptionKind;

  @ApiPropertyOptional({ nullable: true, description: 'Learners per unit bought: required for online_access, null for other kinds.', example: 10 }) @Seats()
  seats?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'The product file a download option unlocks.' }) @FileId()
  file_id?: number | null;

  @ApiPropertyOptional({ default: true }) @OptionalNotNull() @Active()
  active?: boolean;

  @ApiPropertyOptional({ description: 'Default: after the last option.' }) @OptionalNotNull() @SortOrder()
  sort_order?: number;
}

/** Only the fields sent change; `qty: null` makes stock unlimited, `file_id: null` detaches the file. */
export class UpdateOptionRequest {
  @ApiPropertyOptional() @OptionalNotNull() @Name()
  name?: string;

  @ApiPropertyOptional() @OptionalNotNull() @Code()
  code?: string;

  @ApiPropertyOptional() @OptionalNotNull() @Price()
  price?: number;

  @ApiPropertyOptional() @OptionalNotNull() @Weight()
  weight?: number;

  @ApiPropertyOptional({ nullable: true }) @Qty()
  qty?: number | null;

  @ApiPropertyOptional({ enum: OPTION_KINDS }) @OptionalNotNull() @Kind()
  kind?: OptionKind;

  @ApiPropertyOptional({ nullable: true }) @Seats()
  seats?: number | null;

  @ApiPropertyOptional({ nullable: true }) @FileId()
  file_id?: number | null;

  @ApiPropertyOptional() @OptionalNotNull() @Active()
  active?: boolean;

  @ApiPropertyOptional() @OptionalNotNull() @SortOrder()
  sort_order?: number;
}
