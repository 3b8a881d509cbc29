import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Length, Max, Min, ValidateIf } from 'class-validator';
import { OptionalNotNull, trim } from '../../../../platform/http/index.js';
import { DELIVERY_TYPE_LIMITS } from '../../domain/delivery-type.entity.js';

const Name = () =>
  applyDecorators(
    Transform(trim), IsString({ message: 'Enter a name.' }),
    Length(1, DELIVERY_TYPE_LIMITS.name, { message: `Enter a name of at most ${DELIVERY_TYPE_LIMITS.name} characters.` }),
  );
const Price = () =>
  applyDecorators(
    IsInt({ message: 'price must be a whole number of pence (ex VAT).' }),
    Min(0, { message: 'price may not be negative.' }), Max(DELIVERY_TYPE_LIMITS.price, { message: `price may be at most ${DELIVERY_TYPE_LIMITS.price} pence.` }),
  );
const Weight = (field: string) =>
  applyDecorators(
    IsInt({ message: `${field} must be a whole number of grams.` }),
    Min(0, { message: `${field} may not be negative.` }), Max(DELIVERY_TYPE_LIMITS.weight, { message: `${field} may be at most ${DELIVERY_TYPE_LIMITS.weight} grams.` }),
  );
const SortOrder = () =>
  applyDecorators(
    IsInt({ message: 'sort_order must be a whole number (lower comes first).' }),
    Min(-1_000_000, { message: 'sort_order must be at least -1000000.' }), Max(1_000_000, { message: 'sort_order may be at most 1000000.' }),
  );
const Active = () => IsBoolean({ message: 'active must be true or false.' });
/** Null (or left out) means "no upper bound". */
const MaxWeight = () => applyDecorators(ValidateIf((_o, value) => value !== null && value !== undefined), Weight('max_weight'));

export class CreateDeliveryTypeRequest {
  @ApiProperty({ example: 'Royal Mail Tracked 48', maxLength: DELIVERY_TYPE_LIMITS.name }) @Name()
  name!: string;

  @ApiProperty({ example: 395, description: 'Pence ex VAT.' }) @Price()
  price!: number;

  @ApiPropertyOptional({ default: 0, description: 'Grams, inclusive.' }) @OptionalNotNull() @Weight('min_weight')
  min_weight?: number;

  @ApiPropertyOptional({ nullable: true, example: 2000, description: 'Grams, inclusive; null = no upper bound.' }) @IsOptional() @MaxWeight()
  max_weight?: number | null;

  @ApiPropertyOptional({ default: true }) @OptionalNotNull() @Active()
  active?: boolean;

  @ApiPropertyOptional({ default: 0 }) @OptionalNotNull() @SortOrder()
  sort_order?: number;
}

/** Only the fields sent change; `max_weight: null` removes the upper bound. */
export class UpdateDeliveryTypeRequest {
  @ApiPropertyOptional({ maxLength: DELIVERY_TYPE_LIMITS.name }) @OptionalNotNull() @Name()
  name?: string;

  @ApiPropertyOptional() @OptionalNotNull() @Price()
  price?: number;

  @ApiPropertyOptional() @OptionalNotNull() @Weight('min_weight')
  min_weight?: number;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @MaxWeight()
  max_weight?: number | null;

  @ApiPropertyOptional() @OptionalNotNull() @Active()
  active?: boolean;

  @ApiPropertyOptional() @OptionalNotNull() @SortOrder()
  sort_order?: number;
}
