import { ApiPropertyOptional, IntersectionType, OmitType, PartialType, PickType } from '@nestjs/swagger';
import { IsBoolean, IsIn } from 'class-validator';
import { searchQuery, OptionalNotNull } from '../../../../platform/http/index.js';
import { ROLES, type Role } from '../../../../shared/viewer.js';
import { ProfileRequest, RegisterRequest } from './identity.requests.js';

/** `GET /api/admin/users`: searched by e-mail, name or company, newest first. */
export class UserListQuery extends searchQuery('Part of the e-mail address, name or company.') {}

/** Staff's own field on a user. */
export class AccountTermsRequest {
  @ApiPropertyOptional({ description: 'May pay on account ("invoice" at checkout with a PO, paid later by BACS).' })
  @OptionalNotNull() @IsBoolean({ message: 'account_terms must be true or false.' })
  account_terms?: boolean;
}

/**
 * `POST /api/admin/users`: a user created by staff. The rules are the ones the profile (and so users:import) and
 * registration already apply — composed here, not written again: the e-mail as at registration, the profile's
 * fields and addresses, and staff's own `account_terms`. No password: the user chooses one through "forgot password".
 */
export class CreateUserByStaffRequest extends IntersectionType(
  PickType(RegisterRequest, ['email'] as const),
  OmitType(ProfileRequest, ['email', 'current_password'] as const),
  AccountTermsRequest,
) {
  @ApiPropertyOptional({ enum: ROLES, default: 'customer' })
  @OptionalNotNull() @IsIn(ROLES, { message: `role must be ${ROLES.join(' or ')}.` })
  role?: Role;
}

/**
 * `PATCH /api/admin/users/{id}`: the portal's user details tab. Any field of the create request, each optional
 * (left out keeps its value; `null` clears an optional one; the names, e-mail and role cannot be cleared).
 */
export class UpdateUserByStaffRequest extends PartialType(CreateUserByStaffRequest) {}
