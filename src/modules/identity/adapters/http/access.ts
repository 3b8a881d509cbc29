import { applyDecorators, Controller, createParamDecorator, type ExecutionContext, SetMetadata, UnauthorizedException } from '@nestjs/common';
import { ApiForbiddenResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../../../../shared/viewer.js';

export const ACCESS_KEY = 'identity:access';
export type Access = 'authenticated' | 'admin';

/** Signed-in users only: 401 otherwise. */
export const Authenticated = () => SetMetadata(ACCESS_KEY, 'authenticated' satisfies Access);
/** Administrators only: 401 for anonymous callers, 403 for customers. */
export const AdminOnly = () => SetMetadata(ACCESS_KEY, 'admin' satisfies Access);

/**
 * The header every admin controller shares: its path under the API, its group in the API docs (`admin`, or
 * `admin: <area>`), the 401/403 answers, and administrators only.
 */
export const AdminController = (path: string, area?: string) =>
  applyDecorators(
    ApiTags(area ? `admin: ${area}` : 'admin'),
    ApiUnauthorizedResponse({ description: 'Not signed in.' }),
    ApiForbiddenResponse({ description: 'Not an administrator.' }),
    AdminOnly(),
    Controller(path),
  );

export type RequestWithViewer = FastifyRequest & { viewer?: Viewer | null };

/** The signed-in viewer; use on routes marked @Authenticated() or @AdminOnly(). */
export const CurrentViewer = createParamDecorator((_data: unknown, ctx: ExecutionContext): Viewer => {
  const viewer = ctx.switchToHttp().getRequest<RequestWithViewer>().viewer;
  if (!viewer) throw new UnauthorizedException('You are not signed in.');
  return viewer;
});
