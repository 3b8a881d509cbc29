import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';

export interface RateLimitState {
  /** Hits counted in the current window (after this call, for `hit`). */
  hits: number;
  /** Seconds until the window resets; what a 429 puts in Retry-After. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in PostgreSQL, so every instance (and a restart) sees the same counts. One
 * upsert per hit keeps it atomic on both PostgreSQL and PGlite. We keep it to this one table rather than
 * rate-limiter-flexible: its PostgreSQL store needs a `pg` pool, which the embedded database has not.
 */
@Injectable()
export class RateLimiter {
  constructor(private readonly em: EntityManager) {}

  /** Counts one more event under `key` and returns the state after counting it. */
  async hit(key: string, windowMs: number): Promise<RateLimitState> {
    const rows = await this.execute<{ hits: number; window_started_at: Date | string }>(
      `insert into rate_limits (key, window_started_at, hits) values (?, now(), 1)
       on conflict (key) do update set
         hits = case when rate_limits.window_started_at <= now() - (? * interval '1 millisecond') then 1 else rate_limits.hits + 1 end,
         window_started_at = case when rate_limits.window_started_at <= now() - (? * interval '1 millisecond') then now() else rate_limits.window_started_at end
       returning hits, window_started_at`,
      [key, windowMs, windowMs],
    );
    return this.toState(rows[0]!, windowMs);
  }

  /** The state without counting: hits in the current window, or zero when it has passed. */
  async peek(key: string, windowMs: number): Promise<RateLimitState> {
    const rows = await this.execute<{ hits: number; window_started_at: Date | string }>(
      `select hits, window_started_at from rate_limits where key = ? and window_started_at > now() - (? * interval '1 millisecond')`,
      [key, windowMs],
    );
    return rows[0] ? this.toState(rows[0], windowMs) : { hits: 0, retryAfterSeconds: 0 };
  }

  /** Takes back one hit (e.g. an attempt counted up front that turned out to succeed). */
  async release(key: string): Promise<void> {
    await this.execute('update rate_limits set hits = greatest(hits - 1, 0) where key = ?', [key]);
  }

  async reset(key: string): Promise<void> {
    await this.execute('delete from rate_limits where key = ?', [key]);
  }

  // Inside a use case's transaction the query must join it: PGlite runs one query at a time, so a query
  // beside an open transaction would wait for it forever.
  private execute<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params, 'all', this.em.getTransactionContext());
  }

  private toState(row: { hits: number; window_started_at: Date | string }, windowMs: number): RateLimitState {
    const started = new Date(row.window_started_at).getTime();
    const retryAfterSeconds = Math.max(1, Math.ceil((started + windowMs - Date.now()) / 1000));
    return { hits: Number(row.hits), retryAfterSeconds };
  }
}

/**
 * The part of a client address that identifies one client for rate limits: the address itself for IPv4,
 * its /64 network for IPv6 (one customer line usually owns a whole /64, so single addresses are free to
 * rotate).
 */
export function clientKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
