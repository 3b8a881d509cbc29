import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDateString, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { blankToUndefined, toInt, trimToNull } from '../../../../platform/http/transforms.js';
import { ORDER_STATUSES, type OrderStatus } from '../../domain/order-process.js';

export const ORDERS_MAX_PER_PAGE = 100;

export class OrderListQuery {
  @ApiPropertyOptional({ default: 1 }) @Transform(toInt) @IsOptional()
  @IsInt({ message: 'page must be a whole number.' }) @Min(1, { message: 'page must be at least 1.' }) @Max(10_000, { message: 'page may be at most 10000.' })
  page: number = 1;

  @ApiPropertyOptional({ default: 20, maximum: ORDERS_MAX_PER_PAGE }) @Transform(toInt) @IsOptional()
  @IsInt({ message: 'per_page must be a whole number.' }) @Min(1, { message: 'per_page must be at least 1.' })
  @Max(ORDERS_MAX_PER_PAGE, { message: `per_page may be at most ${ORDERS_MAX_PER_PAGE}.` })
  per_page: number = 20;
}

export class AdminOrderListQuery extends OrderListQuery {
  @ApiPropertyOptional({ description: 'Part of the order number, the PO number or the customer\'s e-mail.', maxLength: 200 })
  @Transform(blankToUndefined) @IsOptional() @IsString({ message: 'search must be text.' }) @MaxLength(200, { message: 'search may be at most 200 characters.' })
  search?: string;

  @ApiPropertyOptional({ enum: ORDER_STATUSES }) @Transform(blankToUndefined) @IsOptional()
  @IsIn(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}.` })
  status?: OrderStatus;

  @ApiPropertyOptional({ example: '2026-11-01', description: 'Placed on or after this date (or date-time).' })
  @Transform(blankToUndefined) @IsOptional() @IsDateString({ strict: true }, { message: 'from must be a date such as 2026-11-01.' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'Placed on or before this date (the whole day), or before this date-time.' })
  @Transform(blankToUndefined) @IsOptional() @IsDateString({ strict: true }, { message: 'to must be a date such as 2026-11-30.' })
  to?: string;
}

export class TransitionRequest {
  @ApiProperty({ enum: ORDER_STATUSES, example: 'processing' }) @IsString({ message: 'to must be an order status.' })
  @IsIn(ORDER_STATUSES, { message: `to must be one of ${ORDER_STATUSES.join(', ')}.` })
  to!: OrderStatus;

  @ApiPropertyOptional({ nullable: true, maxLength: 2000 }) @IsOptional() @Transform(trimToNull)
  @IsString({ message: 'note must be text.' }) @MaxLength(2000, { message: 'The note may be at most 2000 characters.' })
  note?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 60, description: 'Needed to mark an order dispatched.' })
  @ValidateIf((_o, value) => value !== undefined && value !== null) @Transform(trimToNull)
  @IsString({ message: 'tracking_number must be text.' }) @MaxLength(60, { message: 'The tracking number may be at most 60 characters.' })
  tracking_number?: string | null;
}
