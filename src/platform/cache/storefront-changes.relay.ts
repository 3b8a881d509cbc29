import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { StorefrontChanges } from './storefront-changes.js';

/** The PostgreSQL channel every shop process of one database listens on. */
export const STOREFRONT_CHANGES_CHANNEL = 'shop_storefront_changes';

const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * Carries storefront changes between the shop's processes (web instances, the queue worker, a CLI command)
 * through PostgreSQL `LISTEN/NOTIFY`, so an admin change made through one instance clears the caches of all of
 * them at once instead of after their expiry (30 s, and up to 10 s more while a refresh runs: ADR 0080). One
 * dedicated connection per process (a pooled connection cannot hold a LISTEN); it reconnects by itself, and after a
 * reconnect clears this process's caches because a notification may have been sent while it was away. The payload is
 * the sending process's id, so a process ignores its own notifications (it cleared its caches when it announced).
 */
@Injectable()
export class StorefrontChangesRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StorefrontChangesRelay.name);
  private readonly origin = randomUUID();
  private client: pg.Client | null = null;
  private connected = false;
  private stopped = false;
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private stopRelaying: (() => void) | null = null;

  constructor(private readonly databaseUrl: string) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stopRelaying = StorefrontChanges.relayTo(() => this.publish());
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.stopRelaying?.();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }

  /** Whether this process currently hears other processes' changes (for readiness and tests). */
  get listening(): boolean {
    return this.connected;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, keepAlive: true, application_name: 'shop-storefront-changes' });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === STOREFRONT_CHANGES_CHANNEL && message.payload !== this.origin) StorefrontChanges.heardFromElsewhere();
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await client.query(`listen ${STOREFRONT_CHANGES_CHANNEL}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    const wasAway = this.failures > 0;
    this.connected = true;
    this.failures = 0;
    // Changes made while we were not listening were not heard: forget what may be stale.
    if (wasAway) {
      this.logger.log('Listening for storefront changes again.');
      StorefrontChanges.heardFromElsewhere();
    }
  }

  private lost(client: pg.Client, error: Error | null): void {
    if (this.client !== client) return; // an old connection's late events
    this.client = null;
    this.connected = false;
    client.end().catch(() => undefined);
    if (this.stopped) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.failures, RECONNECT_DELAYS_MS.length - 1)]!;
    if (this.failures === 0) {
      this.logger.warn(`Not listening for other processes' storefront changes (${error?.message ?? 'connection closed'}); retrying. Caches still expire within 40 s.`);
    }
    this.failures++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private publish(): void {
    const client = this.connected ? this.client : null;
    if (!client) return; // the others' caches expire within 40 s; nothing better can be done without a connection
    client.query('select pg_notify($1, $2)', [STOREFRONT_CHANGES_CHANNEL, this.origin]).catch((error: Error) => {
      this.logger.warn(`Could not tell other processes about a storefront change: ${error.message}`);
    });
  }
}
