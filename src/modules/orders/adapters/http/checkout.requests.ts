import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { Equals, IsIn, IsInt, IsObject, IsOptional, IsString, Length, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { trimToNull } from '../../../../platform/http/index.js';
import { AddressRequest } from '../../../identity/index.js';
import { PAYMENT_METHODS, type PaymentMethod } from '../../domain/order.entity.js';
import { MAX_ID } from '../../../../shared/contracts/ids.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The profile's UK address rules (identity), plus who it is for: a parcel needs a name, an invoice a company. */
export class CheckoutAddressRequest extends AddressRequest {
  @ApiProperty({ example: 'Casey Customer' }) @Transform(trim) @IsString({ message: 'Enter the name of the person at this address.' })
  @Length(1, 100, { message: 'Enter the name of the person at this address (at most 100 characters).' })
  name!: string;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Transform(trimToNull) @IsString() @MaxLength(100, { message: 'The company may be at most 100 characters.' })
  company?: string | null;
}

export class CheckoutRequest {
  @ApiProperty({ type: CheckoutAddressRequest })
  @IsObject({ message: 'Enter the billing address (name, line1, town, postcode…).' })
  @ValidateNested() @Type(() => CheckoutAddressRequest)
  billing_address!: CheckoutAddressRequest;

  @ApiPropertyOptional({ type: CheckoutAddressRequest, nullable: true, description: 'Needed when anything in the basket is physical.' })
  @IsOptional() @IsObject({ message: 'The delivery address must be an address (name, line1, town, postcode…).' })
  @ValidateNested() @Type(() => CheckoutAddressRequest)
  delivery_address?: CheckoutAddressRequest | null;

  @ApiPropertyOptional({ nullable: true, description: 'One of GET /api/checkout `delivery_types`; needed when anything is physical.' })
  @IsOptional() @IsInt({ message: 'delivery_type_id must be a delivery type id.' })
  @Min(1, { message: 'delivery_type_id must be a delivery type id.' }) @Max(MAX_ID, { message: 'delivery_type_id must be a delivery type id.' })
  delivery_type_id?: number | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 60, example: 'PO-2026-0042' })
  @IsOptional() @Transform(trimToNull) @IsString({ message: 'po_number must be text.' }) @MaxLength(60, { message: 'The PO number may be at most 60 characters.' })
  po_number?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 2000 })
  @IsOptional() @Transform(trimToNull) @IsString({ message: 'notes must be text.' }) @MaxLength(2000, { message: 'Notes may be at most 2000 characters.' })
  notes?: string | null;

  @ApiProperty({ example: true }) @Equals(true, { message: 'Accept the terms and conditions to place the order.' })
  accept_terms!: boolean;

  @ApiPropertyOptional({ enum: PAYMENT_METHODS, default: 'card' })
  @ValidateIf((_o, value) => value !== undefined) @IsIn(PAYMENT_METHODS, { message: `payment_method must be one of ${PAYMENT_METHODS.join(', ')}.` })
  payment_method?: PaymentMethod;
}
