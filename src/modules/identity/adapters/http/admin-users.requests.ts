import { ApiPropertyOptional, IntersectionType, OmitType, PartialType, PickType } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { searchQuery, OptionalNotNull } from '../../../../platform/http/index.js';
import { STAFF_ROLES, type StaffRole } from '../../../../shared/contracts/staff.js';
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
  @ApiPropertyOptional({ enum: ROLES, default: 'customer', description: '`admin` lets the user into the Administration Portal (with `staff_role` `admin` unless given).' })
  @OptionalNotNull() @IsIn(ROLES, { message: `role must be ${ROLES.join(' or ')}.` })
  role?: Role;

  @ApiPropertyOptional({
    enum: STAFF_ROLES, nullable: true,
    description: 'Which parts of the portal the user reaches (ADR 0044). Giving one makes the user staff (`role` admin); `null` makes them a customer.',
  })
  @IsOptional() @IsIn(STAFF_ROLES, { message: `staff_role must be one of ${STAFF_ROLES.join(', ')} (or null for a customer).` })
  staff_role?: StaffRole | null;
}

/**
 * `PATCH /api/admin/users/{id}`: the portal's user details tab. Any field of the create request, each optional
 * (left out keeps its value; `null` clears an optional one; the names, e-mail and role cannot be cleared).
 */
export class UpdateUserByStaffRequest extends PartialType(CreateUserByStaffRequest) {}
