import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Environment } from '../../../../config/environment.js';
import { OutboundMail } from '../../../../platform/mail/index.js';
import { Transactions } from '../../../../platform/persistence/index.js';
import { JobHandlerRegistry, JobQueue } from '../../../../platform/queue/index.js';
import { StockService } from '../../../catalogue/index.js';
import { SessionNotFoundError } from '../../domain/session-errors.js';
import { sessionLabel } from '../../domain/session-rules.js';
import { SessionHasPlacesLeftError } from '../../domain/waiting-list-errors.js';
import { SESSION_STORE, type SessionRow, type SessionStore } from '../ports/session-store.port.js';
import { WAITING_LIST_STORE, type WaitingEntry, type WaitingListStore } from '../ports/waiting-list-store.port.js';
import { placesFreedMail } from './waiting-list-mail.js';

/** The job that tells a session's waiting customers that places are free (payload `{sessionId}`). */
export const PLACES_FREED_JOB = 'training.places-freed';

/** A customer's entry as the API shows it. */
export interface WaitingEntryView {
  session_id: number;
  joined_at: string;
  notified_at: string | null;
}

export interface Waiter {
  userId: number;
  email: string;
}

/**
 * The waiting list of full open-course sessions (issue 27, ADR 0051). A signed-in customer joins a full session's
 * list; whatever frees places (an order cancelled, refunded, timed out or refunded in part, staff raising the
 * capacity, a transfer to another date) calls `placesFreed`, which only queues a job in the caller's transaction — so
 * nothing is sent for a change that rolls back. The job claims everybody not yet told (a guarded update) and queues
 * one e-mail each: all waiting customers hear at once and the places go to whoever books first.
 */
@Injectable()
export class WaitingListService implements OnModuleInit {
  private readonly logger = new Logger(WaitingListService.name);

  constructor(
    @Inject(WAITING_LIST_STORE) private readonly store: WaitingListStore,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
    private readonly stock: StockService,
    private readonly transactions: Transactions,
    private readonly queue: JobQueue,
    private readonly jobs: JobHandlerRegistry,
    private readonly mail: OutboundMail,
    private readonly env: Environment,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ sessionId: number }>(PLACES_FREED_JOB, async ({ sessionId }) => {
      await this.notify(sessionId);
    });
  }

  /** `POST /api/products/{productId}/sessions/{sessionId}/waiting-list`: 409 while the session has places. */
  async join(productId: number, sessionId: number, waiter: Waiter, now = new Date()): Promise<WaitingEntryView> {
    const session = await this.listed(productId, sessionId, now);
    const left = placesLeft(session);
    if (left > 0) throw new SessionHasPlacesLeftError(left);
    return toEntryView(await this.store.join(session.id, waiter.userId, waiter.email));
  }

  /** `DELETE …/waiting-list`: off the list (nothing to do when not on it). */
  async leave(productId: number, sessionId: number, userId: number): Promise<void> {
    const session = await this.sessions.find(sessionId);
    if (!session || session.productId !== productId) throw new SessionNotFoundError();
    await this.store.leave(session.id, userId);
  }

  /** `GET /api/products/{productId}/waiting-list`: the customer's entries on the product's sessions. */
  async entriesOf(productId: number, userId: number): Promise<WaitingEntryView[]> {
    return (await this.store.entriesOf(productId, userId)).map(toEntryView);
  }

  /**
   * Places of these sessions came free: their waiting customers are told by a queued job. Call it in the
   * transaction that frees them (the job commits or rolls back with it); calling it twice tells nobody twice.
   */
  async placesFreed(...sessionIds: number[]): Promise<void> {
    for (const sessionId of new Set(sessionIds)) await this.queue.enqueue(PLACES_FREED_JOB, { sessionId });
  }

  /** The sessions whose places an order still holds, read before they are given back (to tell their lists after). */
  heldSessionsOfOrder(orderId: number): Promise<number[]> {
    return this.store.heldSessionsOfOrder(orderId);
  }

  /**
   * The job: tells everybody not yet told, if the session still has places to book (someone may have taken the
   * freed place before the job ran: then they keep waiting for the next one). Claim and e-mails in one transaction.
   */
  async notify(sessionId: number, now = new Date()): Promise<number> {
    return this.transactions.run(async () => {
      const session = await this.sessions.find(sessionId);
      if (!session || session.status !== 'scheduled' || session.startsAt.getTime() <= now.getTime() || placesLeft(session) <= 0) return 0;
      const claimed = await this.store.claimWaiting(session.id, now);
      if (claimed.length === 0) return 0;
      const option = (await this.stock.describe([session.optionId])).get(session.optionId);
      const course = option?.productTitle ?? 'your open course';
      const link = `${this.env.publicUrl}/products/${option?.productSlug ?? session.productId}`;
      for (const waiter of claimed) {
        await this.mail.send(placesFreedMail({ to: waiter.email, course, session: sessionLabel(session), placesLeft: placesLeft(session), link }));
      }
      this.logger.log(`Session ${session.id}: ${claimed.length} waiting customer(s) told that places are free.`);
      return claimed.length;
    });
  }

  /** A session the product page lists (scheduled, not started, of this product), or 404. */
  private async listed(productId: number, sessionId: number, now: Date): Promise<SessionRow> {
    const session = await this.sessions.find(sessionId);
    if (!session || session.productId !== productId || session.status !== 'scheduled' || session.startsAt.getTime() <= now.getTime()) throw new SessionNotFoundError();
    return session;
  }
}

const placesLeft = (session: SessionRow) => Math.max(0, session.capacity - session.placesTaken);

function toEntryView(entry: WaitingEntry): WaitingEntryView {
  return { session_id: entry.sessionId, joined_at: entry.createdAt.toISOString(), notified_at: entry.notifiedAt?.toISOString() ?? null };
}
