import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { Environment } from '../../../../config/environment.js';
import { isStateChanging, xsrfHeaderMatchesSession } from '../../../../platform/http/index.js';
import { SessionService } from '../../application/session.service.js';
import { type AdminArea, reaches, STAFF_ROLE_LABELS } from '../../../../shared/contracts/staff.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { type Access, ACCESS_KEY, AREA_KEY, type RequestWithViewer } from './access.js';
import { clearSessionCookie, tokenOf } from './session-cookie.js';

/** What a route's decorators ask of the viewer. */
interface RouteRules {
  access: Access | undefined;
  area: AdminArea | undefined;
}

/**
 * Runs before every route, pages included: resolves who is asking (token restore, seed §2), enforces the
 * XSRF rule for cookie-authenticated changes, and the route's access rule.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  /**
   * Each route's rules by controller class and handler, read from the decorators the first time the route is asked
   * for: they never change once the app has started, and four reflect-metadata reads a request were ~1.4% of a cached
   * read's CPU. Keyed by class too, as a subclassed controller shares its parent's handler functions.
   */
  private readonly rules = new WeakMap<object, WeakMap<object, RouteRules>>();

  constructor(
    private readonly sessions: SessionService,
    private readonly reflector: Reflector,
    private readonly env: Environment,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<RequestWithViewer>();
    const presented = tokenOf(request);
    const viewer = presented ? await this.sessions.resolve(presented.token, presented.via) : null;
    request.viewer = viewer;
    // Seed: a failed user fetch clears the token. The cookie is HttpOnly, so the server clears a dead one.
    if (presented?.via === 'cookie' && !viewer) {
      clearSessionCookie(context.switchToHttp().getResponse<FastifyReply>(), this.env.publicUrl.startsWith('https://'));
    }

    if (viewer?.via === 'cookie' && presented && isStateChanging(request.method) && !xsrfHeaderMatchesSession(request, presented.token)) {
      throw new ForbiddenException('The XSRF token is missing or does not match.');
    }
    const { access, area } = this.rulesOf(context);
    if (access && !viewer) throw new UnauthorizedException('You are not signed in.');
    if (access === 'admin' && viewer?.role !== 'admin') throw new ForbiddenException('This needs an administrator.');
    if (area && viewer) assertReaches(viewer, area, isStateChanging(request.method) ? 'write' : 'read');
    return true;
  }

  private rulesOf(context: ExecutionContext): RouteRules {
    const controller = context.getClass();
    const handler = context.getHandler();
    let byHandler = this.rules.get(controller);
    if (!byHandler) this.rules.set(controller, (byHandler = new WeakMap()));
    let rules = byHandler.get(handler);
    if (!rules) {
      const targets = [handler, controller];
      rules = {
        access: this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, targets),
        area: this.reflector.getAllAndOverride<AdminArea | undefined>(AREA_KEY, targets),
      };
      byHandler.set(handler, rules);
    }
    return rules;
  }
}

/** ADR 0044: the staff role must reach the route's area — for reading on GET/HEAD, for changes otherwise. */
function assertReaches(viewer: Viewer, area: AdminArea, access: 'read' | 'write'): void {
  if (reaches(viewer.staffRole, area, access)) return;
  const role = viewer.staffRole ? STAFF_ROLE_LABELS[viewer.staffRole] : 'none';
  throw new ForbiddenException(
    access === 'write' && reaches(viewer.staffRole, area, 'read')
      ? `Your staff role (${role}) can look at ${area} but not change it. Ask an administrator.`
      : `Your staff role (${role}) does not reach ${area}. Ask an administrator.`,
  );
}
