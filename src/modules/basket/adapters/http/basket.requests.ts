import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_TEXT } from '../../domain/basket-rules.js';
import { OptionalNotNull } from '../../../../platform/http/index.js';
import { MAX_ID } from '../../../../shared/contracts/ids.js';

const NOT_AN_OPTION = 'option_id must be the id of a product option.';
const NOT_A_SESSION = 'session_id must be the id of one of the course\'s sessions.';

export class AddToBasketRequest {
  @ApiProperty({ example: 12, description: 'A product option id (GET /api/products/{slug} lists them).' })
  @IsInt({ message: NOT_AN_OPTION }) @Min(1, { message: NOT_AN_OPTION }) @Max(MAX_ID, { message: NOT_AN_OPTION })
  option_id!: number;

  @ApiPropertyOptional({ example: 7, description: 'The session chosen (GET /api/products/{id}/sessions): required for a course option, refused for others.' })
  @IsOptional()
  @IsInt({ message: NOT_A_SESSION }) @Min(1, { message: NOT_A_SESSION }) @Max(MAX_ID, { message: NOT_A_SESSION })
  session_id?: number;

  @ApiPropertyOptional({ example: 80, description: `How many to add (the product page's quantity field), 1 to ${MAX_LINE_QUANTITY_TEXT}; without it, one.` })
  @OptionalNotNull()
  // Listed last so that its reason comes first for text such as "ten" (class-validator reports bottom-up).
  @Max(MAX_LINE_QUANTITY, { message: `At most ${MAX_LINE_QUANTITY_TEXT} per line.` })
  @Min(1, { message: 'Enter a quantity of 1 or more.' })
  @IsInt({ message: 'Enter a whole number.' })
  qty?: number;
}

export const BASKET_ITEM_ACTIONS = ['plus', 'minus'] as const;

/** Either an `action` (the + and − buttons) or a typed `qty` (the basket's quantity field and "Update"). */
export class ChangeBasketItemRequest {
  @ApiPropertyOptional({ enum: BASKET_ITEM_ACTIONS, description: 'plus: one more (at most the stock); minus: one fewer (removed below 1).' })
  @ValidateIf((body: ChangeBasketItemRequest) => body.qty === undefined)
  @IsIn(BASKET_ITEM_ACTIONS, { message: 'action must be "plus" or "minus".' })
  action?: (typeof BASKET_ITEM_ACTIONS)[number];

  @ApiPropertyOptional({ example: 80, description: `The quantity the line should hold, 0 (removes it) to ${MAX_LINE_QUANTITY_TEXT}; 422 when the stock cannot supply it.` })
  @ValidateIf((body: ChangeBasketItemRequest) => body.qty !== undefined || body.action === undefined)
  // Listed last so that its reason comes first for text such as "ten" (class-validator reports bottom-up).
  @Max(MAX_LINE_QUANTITY, { message: `At most ${MAX_LINE_QUANTITY_TEXT} per line.` })
  @Min(0, { message: 'Enter a quantity of 0 or more (0 removes the item).' })
  @IsInt({ message: 'Enter a whole number.' })
  qty?: number;
}
