import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { searchQuery } from '../../../../platform/http/list-query.js';
import { OptionalNotNull } from '../../../../platform/http/validators.js';

/** `GET /api/admin/users`: searched by e-mail, name or company, newest first. */
export class UserListQuery extends searchQuery('Part of the e-mail address, name or company.') {}

/** `PATCH /api/admin/users/{id}`: what staff set on a user (more fields come with the portal's user screens). */
export class UpdateUserByStaffRequest {
  @ApiPropertyOptional({ description: 'May pay on account ("invoice" at checkout with a PO, paid later by BACS).' })
  @OptionalNotNull() @IsBoolean({ message: 'account_terms must be true or false.' })
  account_terms?: boolean;
}
