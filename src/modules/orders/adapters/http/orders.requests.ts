import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDateString, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateIf, ValidateNested } from 'class-validator';
import { blankToUndefined, pageQuery, searchQuery, toInt, trim, trimToNull } from '../../../../platform/http/index.js';
import { ORDER_STATUSES, type OrderStatus } from '../../domain/order-process.js';
import { MAX_ID } from '../../../../shared/contracts/ids.js';

export const ORDERS_MAX_PER_PAGE = 100;

/** The customer's own orders: 20 a page by default. */
export class OrderListQuery extends pageQuery({ default: 20, max: ORDERS_MAX_PER_PAGE }) {}

/**
 * The admin list reads its older half from the far end (ADR 0054), so its last page costs what its first does:
 * 1M orders at 20 a page are 50,000 pages, past the 10,000 other lists stop at. Only the middle of a long history
 * walks far (half the orders at most).
 */
const ADMIN_ORDERS_MAX_PAGE = 1_000_000;

export class AdminOrderListQuery extends searchQuery("Part of the order number, the PO number or the customer's e-mail.", { default: 20, max: ORDERS_MAX_PER_PAGE }, ADMIN_ORDERS_MAX_PAGE) {
  @ApiPropertyOptional({ enum: ORDER_STATUSES }) @Transform(blankToUndefined) @IsOptional()
  @IsIn(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}.` })
  status?: OrderStatus;

  @ApiPropertyOptional({ enum: ['true'], description: 'Only orders whose physical goods wait for dispatch: placed on account, paid or processing (the dashboard\'s "To dispatch").' })
  @Transform(blankToUndefined) @IsOptional() @IsIn(['true'], { message: 'to_dispatch must be true (or left out).' })
  to_dispatch?: 'true';

  @ApiPropertyOptional({ example: '2026-11-01', description: 'Placed on or after this date (or date-time).' })
  @Transform(blankToUndefined) @IsOptional() @IsDateString({ strict: true }, { message: 'from must be a date such as 2026-11-01.' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'Placed on or before this date (the whole day), or before this date-time.' })
  @Transform(blankToUndefined) @IsOptional() @IsDateString({ strict: true }, { message: 'to must be a date such as 2026-11-30.' })
  to?: string;

  @ApiPropertyOptional({ example: 42, description: "The customer's user id: the user edit page's orders tab." })
  @Transform(toInt) @IsOptional()
  @IsInt({ message: 'customer must be a user id (a whole number).' }) @Min(1, { message: 'customer must be at least 1.' })
  @Max(MAX_ID, { message: 'customer is too large.' })
  customer?: number;
}

export class TransitionRequest {
  @ApiProperty({ enum: ORDER_STATUSES, example: 'processing' }) @IsString({ message: 'to must be an order status.' })
  @IsIn(ORDER_STATUSES, { message: `to must be one of ${ORDER_STATUSES.join(', ')}.` })
  to!: OrderStatus;

  @ApiPropertyOptional({ nullable: true, maxLength: 2000 }) @IsOptional() @Transform(trimToNull)
  @IsString({ message: 'note must be text.' }) @MaxLength(2000, { message: 'The note may be at most 2000 characters.' })
  note?: string | null;

  @ApiPropertyOptional({ default: false, description: 'Show the note to the customer in their order\'s history; otherwise it is internal.' })
  @IsOptional() @IsBoolean({ message: 'note_visible must be true or false.' })
  note_visible?: boolean;

  @ApiPropertyOptional({ nullable: true, maxLength: 60, description: 'Needed to mark an order dispatched.' })
  @ValidateIf((_o, value) => value !== undefined && value !== null) @Transform(trimToNull)
  @IsString({ message: 'tracking_number must be text.' }) @MaxLength(60, { message: 'The tracking number may be at most 60 characters.' })
  tracking_number?: string | null;
}

/** `POST /api/admin/orders/{id}/payments`: a BACS transfer for an order on account, as the bank statement shows it. */
export class BacsPaymentRequest {
  @ApiProperty({ description: 'Pence received.', example: 12000 })
  @IsInt({ message: 'amount must be a whole number of pence.' }) @Min(1, { message: 'amount must be at least 1 penny.' })
  @Max(100_000_000, { message: 'amount may be at most 100000000 pence (£1,000,000).' })
  amount!: number;

  @ApiProperty({ description: "The payment's reference on the bank statement.", example: 'BACS RBC 004512' })
  @Transform(trim) @IsString({ message: 'reference must be text.' })
  @MinLength(1, { message: 'Enter the payment reference from the bank statement.' }) @MaxLength(100, { message: 'The reference may be at most 100 characters.' })
  reference!: string;
}

/** `POST /api/orders/{id}/cancel`: the customer's own unpaid card order. */
export class CancelOrderRequest {
  @ApiPropertyOptional({ default: false, description: "Put the order's lines back into the basket (today's prices, capped at stock)." })
  @IsOptional() @IsBoolean({ message: 'restore_basket must be true or false.' })
  restore_basket?: boolean;
}

export class RefundLineRequest {
  @ApiProperty({ description: "The order line's id (`lines[].id` of the order).", example: 101 })
  @IsInt({ message: 'line_id must be an order line id.' }) @Min(1, { message: 'line_id must be an order line id.' })
  @Max(MAX_ID, { message: 'line_id must be an order line id.' })
  line_id!: number;

  @ApiProperty({ description: 'How many to refund: at least 1, at most what is left unrefunded of the line.', example: 1 })
  @IsInt({ message: 'qty must be a whole number.' }) @Min(1, { message: 'qty must be at least 1.' }) @Max(1_000_000, { message: 'qty is too large.' })
  qty!: number;
}

/** `POST /api/admin/orders/{id}/refunds` (issue 28 item 7): chosen lines, the delivery whole or not at all, restock or not. */
export class RefundRequest {
  @ApiProperty({ type: [RefundLineRequest], description: 'The lines and quantities to refund (may be empty when only the delivery is).' })
  @IsArray({ message: 'lines must be a list of {line_id, qty}.' }) @ArrayMaxSize(500, { message: 'lines may list at most 500 lines.' })
  @ValidateNested({ each: true }) @Type(() => RefundLineRequest)
  lines!: RefundLineRequest[];

  @ApiProperty({ description: 'Refund the delivery charge (whole).' })
  @IsBoolean({ message: 'delivery must be true or false.' })
  delivery!: boolean;

  @ApiProperty({ description: 'Put the refunded goods back into stock (returned in a state fit to sell).' })
  @IsBoolean({ message: 'restock must be true or false.' })
  restock!: boolean;

  @ApiPropertyOptional({ nullable: true, maxLength: 2000 }) @IsOptional() @Transform(trimToNull)
  @IsString({ message: 'note must be text.' }) @MaxLength(2000, { message: 'The note may be at most 2000 characters.' })
  note?: string | null;

  @ApiPropertyOptional({ default: false, description: "Show the note to the customer in their order's history; otherwise it is internal." })
  @IsOptional() @IsBoolean({ message: 'note_visible must be true or false.' })
  note_visible?: boolean;
}
