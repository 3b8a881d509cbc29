import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { AsyncResource } from 'node:async_hooks';
import { NotFoundError } from '../../../shared/domain-error.js';
import { pageOf, type Page } from '../../../shared/pagination.js';
import { UserDirectory } from '../../identity/index.js';
import { PRODUCT_VIEW_STORE, type ProductViewStore, type RecordedView } from './ports/product-view-store.port.js';
import { isId } from '../../../shared/contracts/ids.js';

/** A view as the admin user tab ("product views") lists it. */
export interface UserProductView {
  id: string;
  product: { id: number; slug: string; title: string; status: string };
  viewed_at: string;
}

/** Buffered views are written every second, or at once when this many are waiting. */
export const VIEW_FLUSH_INTERVAL_MS = 1000;
export const VIEW_FLUSH_AT = 200;
/** While the database is slow or down the buffer stops growing here; further views are dropped (and counted). */
const VIEW_BUFFER_MAX = 10_000;
/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters (3 per row). */
const INSERT_CHUNK = 1000;
const POPULAR_WINDOW_MS = 30 * 86_400_000;
/** The home page asks on every request; a minute-old "popular" list is as good as a fresh one. */
const POPULAR_TTL_MS = 60_000;

/**
 * Product page views (product.md): recorded without slowing the page, read back as the "popular" list and
 * per user for the Administration Portal.
 *
 * `record` only appends to an in-memory buffer; a flush writes the buffer in one multi-row INSERT. A failed
 * flush is logged and its views dropped: view counts are statistics, never worth a failed page. Views still
 * buffered when the process stops are written on shutdown, before the database closes; a crash loses at
 * most about a second of them (ADR 0012).
 */
@Injectable()
export class ProductViewService implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(ProductViewService.name);
  private buffer: RecordedView[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private dropped = 0;
  private readonly popular = new Map<number, { until: number; ids: Promise<number[]> }>();
  /**
   * Runs work in the async context this service was created in (start-up), not the caller's: a timer or
   * flush started from a request would otherwise carry that request's context — its entity manager, maybe
   * an open transaction — into a write that must stand on its own.
   */
  private readonly outsideRequests = AsyncResource.bind((work: () => void) => work());

  constructor(
    @Inject(PRODUCT_VIEW_STORE) private readonly store: ProductViewStore,
    private readonly users: UserDirectory,
  ) {}

  /** Records a view of a product by the signed-in user (or null); never delays or fails the page. */
  record(productId: number, userId: number | null): void {
    if (!isId(productId)) return;
    if (this.buffer.length >= VIEW_BUFFER_MAX) {
      this.dropped += 1;
      return;
    }
    this.buffer.push({ productId, userId: Number.isSafeInteger(userId) ? userId : null, viewedAt: new Date() });
    if (this.buffer.length >= VIEW_FLUSH_AT) {
      this.outsideRequests(() => void this.flush());
    } else if (this.timer === null) {
      this.outsideRequests(() => {
        this.timer = setTimeout(() => void this.flush(), VIEW_FLUSH_INTERVAL_MS);
        this.timer.unref(); // a pending flush must not keep a stopping process (or a test run) alive
      });
    }
  }

  /** Writes the buffered views now. Resolves once they are stored or dropped; never rejects. */
  async flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    // One write at a time; whoever waited takes what arrived meanwhile (nothing awaits between check and set).
    while (this.inFlight) await this.inFlight;
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    this.inFlight = this.write(batch).finally(() => {
      this.inFlight = null;
    });
    await this.inFlight;
  }

  /** Ids of the most viewed published products of the last 30 days, most viewed first. */
  popularIds(limit: number): Promise<number[]> {
    const size = Math.max(0, Math.min(Math.trunc(limit) || 0, 100));
    const cached = this.popular.get(size);
    if (cached && cached.until > Date.now()) return cached.ids;
    // The promise is cached, so concurrent home pages share one query; a failure is not cached.
    const ids = this.store.mostViewedPublished(new Date(Date.now() - POPULAR_WINDOW_MS), size);
    this.popular.set(size, { until: Date.now() + POPULAR_TTL_MS, ids });
    ids.catch(() => this.popular.delete(size));
    return ids;
  }

  /** A user's product views, newest first (the admin user tab). */
  async listForUser(userId: number, page: number, perPage: number): Promise<Page<UserProductView>> {
    if (!(await this.users.displayNames([userId])).has(userId)) throw new NotFoundError('User');
    const { rows, total } = await this.store.listForUser(userId, (page - 1) * perPage, perPage);
    const data = rows.map((row) => ({
      id: row.id,
      product: { id: row.product_id, slug: row.product_slug, title: row.product_title, status: row.product_status },
      viewed_at: new Date(row.viewed_at).toISOString(),
    }));
    return pageOf(data, total, page, perPage);
  }

  // Before the HTTP server and the database close: the last second of views is written, not lost.
  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  // Requests still finishing while the server closed may have recorded a few more; if the database is
  // already closed by now, the flush logs and drops them like any failed flush.
  async onApplicationShutdown(): Promise<void> {
    if (this.buffer.length > 0) await this.flush();
  }

  private async write(batch: RecordedView[]): Promise<void> {
    try {
      for (let start = 0; start < batch.length; start += INSERT_CHUNK) {
        await this.store.insertBatch(batch.slice(start, start + INSERT_CHUNK));
      }
    } catch (error) {
      this.logger.error(`Dropped ${batch.length} product views: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (this.dropped > 0) {
      this.logger.warn(`Dropped ${this.dropped} product views: the buffer was full (${VIEW_BUFFER_MAX})`);
      this.dropped = 0;
    }
  }
}
