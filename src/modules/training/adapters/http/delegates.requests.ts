import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsObject } from 'class-validator';

/** The most places one request names: a large firm's booking, not a mailing list. */
export const MAX_DELEGATES_PER_REQUEST = 500;

class DelegateEntryRequest {
  @ApiProperty({ example: 12 })
  session_id!: number;

  @ApiProperty({ example: 'Sam Smith', maxLength: 200 })
  name!: string;

  @ApiProperty({ example: 'sam@acme.co.uk', maxLength: 254 })
  email!: string;
}

/**
 * One entry per place bought on the order. Only the list's shape is checked here: each entry's fields are the
 * domain's to judge (domain/delegate-rules.ts), which answers 422 with their paths (`places[1].email`).
 */
export class SaveDelegatesRequest {
  @ApiProperty({ type: [DelegateEntryRequest], maxItems: MAX_DELEGATES_PER_REQUEST })
  @IsArray({ message: 'places must be a list of {session_id, name, email}, one per place bought.' })
  @ArrayMaxSize(MAX_DELEGATES_PER_REQUEST, { message: `Name at most ${MAX_DELEGATES_PER_REQUEST} delegates at a time.` })
  @IsObject({ each: true, message: 'Each place must be {session_id, name, email}.' })
  places!: Array<{ session_id: unknown; name: unknown; email: unknown }>;
}
