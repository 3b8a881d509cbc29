import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

const NOT_AN_OPTION = 'option_id must be the id of a product option.';
const NOT_A_SESSION = 'session_id must be the id of one of the course\'s sessions.';

export class AddToBasketRequest {
  @ApiProperty({ example: 12, description: 'A product option id (GET /api/products/{slug} lists them).' })
  @IsInt({ message: NOT_AN_OPTION }) @Min(1, { message: NOT_AN_OPTION }) @Max(2_147_483_647, { message: NOT_AN_OPTION })
  option_id!: number;

  @ApiPropertyOptional({ example: 7, description: 'The session chosen (GET /api/products/{id}/sessions): required for a course option, refused for others.' })
  @IsOptional()
  @IsInt({ message: NOT_A_SESSION }) @Min(1, { message: NOT_A_SESSION }) @Max(2_147_483_647, { message: NOT_A_SESSION })
  session_id?: number;
}

export const BASKET_ITEM_ACTIONS = ['plus', 'minus'] as const;

export class ChangeBasketItemRequest {
  @ApiProperty({ enum: BASKET_ITEM_ACTIONS, description: 'plus: one more (at most the stock); minus: one fewer (removed below 1).' })
  @IsIn(BASKET_ITEM_ACTIONS, { message: 'action must be "plus" or "minus".' })
  action!: (typeof BASKET_ITEM_ACTIONS)[number];
}
