import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loginUrlFor } from '../../lib/redirect.js';

export type Data = Awaited<ReturnType<typeof data>>;

/** How many of the latest orders the overview shows (the rest are one click away). */
const RECENT_ORDERS = 5;

/** Server-only: the viewer's latest orders, and active sessions with this one marked (product.md: listed and revocable from /account). */
export async function data(pageContext: PageContextServer) {
  const viewer = pageContext.viewer;
  // The guard has already turned anonymous visitors away; this only covers a session that ended in between.
  if (!viewer) throw redirect(loginUrlFor(pageContext.urlPathname));
  const [sessions, recent, profile, connected] = await Promise.all([
    pageContext.services.account.listSessions(viewer.userId, viewer.sessionId),
    pageContext.services.orders.listForCustomer(viewer.userId, 1, RECENT_ORDERS),
    pageContext.services.account.getProfile(viewer.userId),
    pageContext.services.oauth.connectedProviders(viewer.userId),
  ]);
  return {
    emailVerified: profile.email_verified,
    // Staff sign in with their password only (oauth.service.ts), so they are offered no provider to connect.
    providers: profile.role === 'admin' ? [] : pageContext.services.oauth.providers().map(({ id, name }) => ({ id, name, connected: connected.includes(id) })),
    recentOrders: recent.data,
    orderCount: recent.meta.total,
    sessions: sessions.map((s) => ({
      id: s.id,
      created_at: s.created_at,
      last_used_at: s.last_used_at,
      expires_at: s.expires_at,
      user_agent: s.user_agent,
      ip: s.ip,
      current: s.current,
    })),
  };
}
