import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDateString, IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { pageQuery, searchQuery } from '../../../../platform/http/list-query.js';
import { blankToUndefined, trimToNull } from '../../../../platform/http/transforms.js';
import { ORDER_STATUSES, type OrderStatus } from '../../domain/order-process.js';

export const ORDERS_MAX_PER_PAGE = 100;

/** The customer's own orders: 20 a page by default. */
export class OrderListQuery extends pageQuery({ default: 20, max: ORDERS_MAX_PER_PAGE }) {}

export class AdminOrderListQuery extends searchQuery("Part of the order number, the PO number or the customer's e-mail.", { default: 20, max: ORDERS_MAX_PER_PAGE }) {
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
