import { applyDecorators, Controller, createParamDecorator, type ExecutionContext, SetMetadata, UnauthorizedException } from '@nestjs/common';
import { ApiForbiddenResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AdminArea } from '../../../../shared/contracts/staff.js';
import type { Viewer } from '../../../../shared/viewer.js';

export const ACCESS_KEY = 'identity:access';
/** The admin area a controller belongs to (ADR 0044): the guard checks the viewer's staff role reaches it. */
export const AREA_KEY = 'identity:admin-area';
export type Access = 'authenticated' | 'admin';

/** Signed-in users only: 401 otherwise. */
export const Authenticated = () => SetMetadata(ACCESS_KEY, 'authenticated' satisfies Access);
/** Administrators only: 401 for anonymous callers, 403 for customers. */
export const AdminOnly = () => SetMetadata(ACCESS_KEY, 'admin' satisfies Access);

/**
 * The header every admin controller shares: its path under the API, its area (ADR 0044: which staff roles reach it,
 * `ROLE_AREAS` in src/shared/contracts/staff.ts) and its group in the API docs (`admin: <area>`), the 401/403
 * answers, and administrators only. Every admin controller names its area: there is no default, so a new screen
 * is never open to every role by accident.
 */
export const AdminController = (path: string, area: AdminArea) =>
  applyDecorators(
    ApiTags(`admin: ${area}`),
    ApiUnauthorizedResponse({ description: 'Not signed in.' }),
    ApiForbiddenResponse({ description: `Not an administrator, or the staff role does not reach the ${area} area.` }),
    AdminOnly(),
    SetMetadata(AREA_KEY, area),
    Controller(path),
  );

export type RequestWithViewer = FastifyRequest & { viewer?: Viewer | null };

/** The signed-in viewer; use on routes marked @Authenticated() or @AdminOnly(). */
export const CurrentViewer = createParamDecorator((_data: unknown, ctx: ExecutionContext): Viewer => {
  const viewer = ctx.switchToHttp().getRequest<RequestWithViewer>().viewer;
  if (!viewer) throw new UnauthorizedException('You are not signed in.');
  return viewer;
});
