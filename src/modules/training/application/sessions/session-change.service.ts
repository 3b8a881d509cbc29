import { Inject, Injectable, Logger } from '@nestjs/common';
import { Environment } from '../../../../config/environment.js';
import { Transactions } from '../../../../platform/persistence/index.js';
import { OutboundMail } from '../../../../platform/mail/index.js';
import { StockService } from '../../../catalogue/index.js';
import { AccountService } from '../../../identity/index.js';
import { SessionCancelledError } from '../../domain/session-change-errors.js';
import { movedFields, moveProblems, movesAnything, type SessionMove } from '../../domain/session-change-rules.js';
import { SessionNotFoundError, SessionRefusedError } from '../../domain/session-errors.js';
import { sessionLabel } from '../../domain/session-rules.js';
import { SESSION_CHANGE_STORE, type PlaceRow, type SessionChangeStore } from '../ports/session-change-store.port.js';
import { SESSION_STORE, type SessionRow, type SessionStore } from '../ports/session-store.port.js';
import { buyerChangeMail, delegateChangeMail, type ChangedSession } from './session-change-mail.js';
import { toAdminSessionView, type AdminSessionView } from './session-views.js';

/**
 * Staff cancel or move an open-course session (issue 27, ADR 0050). Under the session's row lock the session
 * changes, every place it holds is marked as waiting for its buyer's choice, and the e-mails are queued in the same
 * transaction (OutboundMail → the durable job queue): each named delegate once, each buyer once per order with the
 * link to their order page. Cancelling twice, or moving to where the session already is, changes and tells nothing.
 */
@Injectable()
export class SessionChangeService {
  private readonly logger = new Logger(SessionChangeService.name);

  constructor(
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
    @Inject(SESSION_CHANGE_STORE) private readonly changes: SessionChangeStore,
    private readonly stock: StockService,
    private readonly accounts: AccountService,
    private readonly mail: OutboundMail,
    private readonly env: Environment,
    private readonly transactions: Transactions,
  ) {}

  /** `POST /api/admin/sessions/{id}/cancel`: no further bookings; the places stay held until each buyer chooses. */
  async cancel(id: number, reason: string | null): Promise<AdminSessionView> {
    const row = await this.transactions.run(async () => {
      const current = await this.sessions.find(id, true);
      if (!current) throw new SessionNotFoundError();
      if (current.status === 'cancelled') return current;
      const cancelled = (await this.sessions.update(id, { ...current, status: 'cancelled' }))!;
      const was = sessionLabel(current);
      const places = await this.changes.markAffected(id, 'cancelled', was);
      await this.tell(current, places, { kind: 'cancelled', was, now: null, joiningUrl: null, reason });
      return cancelled;
    });
    return this.view(row);
  }

  /** `POST /api/admin/sessions/{id}/move`: a new date (and venue or link); the places stay on it unless the buyer chooses otherwise. */
  async move(id: number, move: SessionMove, now = new Date()): Promise<AdminSessionView> {
    const row = await this.transactions.run(async () => {
      const current = await this.sessions.find(id, true);
      if (!current) throw new SessionNotFoundError();
      if (current.status === 'cancelled') throw new SessionCancelledError();
      const fields = movedFields(current, move);
      const problems = moveProblems(fields, current.placesTaken, now);
      if (Object.keys(problems).length > 0) throw new SessionRefusedError(problems);
      if (!movesAnything(current, fields)) return current;
      const moved = (await this.sessions.update(id, fields))!;
      const was = sessionLabel(current);
      const places = await this.changes.markAffected(id, 'moved', was);
      await this.tell(current, places, { kind: 'moved', was, now: sessionLabel(moved), joiningUrl: moved.online ? moved.joiningUrl : null, reason: null });
      return moved;
    });
    return this.view(row);
  }

  private async tell(session: SessionRow, places: readonly PlaceRow[], change: Omit<ChangedSession, 'course'>): Promise<void> {
    if (places.length === 0) return;
    const option = (await this.stock.describe([session.optionId])).get(session.optionId);
    const told: ChangedSession = { ...change, course: option ? option.productTitle : 'Open course' };
    // The same person named on two places of the session hears once.
    const delegates = new Map<string, { name: string; email: string }>();
    for (const delegate of await this.changes.delegatesOf(places.map((place) => place.id))) {
      if (!delegates.has(delegate.email.toLowerCase())) delegates.set(delegate.email.toLowerCase(), delegate);
    }
    for (const delegate of delegates.values()) await this.mail.send(delegateChangeMail(delegate, told));
    const orders = new Map<number, { customerId: number; places: number }>();
    for (const place of places) {
      const order = orders.get(place.orderId) ?? { customerId: place.customerId, places: 0 };
      order.places += place.qty;
      orders.set(place.orderId, order);
    }
    for (const [orderId, order] of orders) {
      const profile = await this.accounts.getProfile(order.customerId).catch(notFoundAsNull);
      if (!profile) continue; // an account closed since: nobody to tell
      await this.mail.send(buyerChangeMail(profile.email, told, order.places, `${this.env.publicUrl}/account/orders/${orderId}`));
    }
    this.logger.log(`Session ${session.id} ${change.kind}: ${delegates.size} delegate(s) and ${orders.size} buyer(s) told.`);
  }

  private async view(row: SessionRow): Promise<AdminSessionView> {
    return toAdminSessionView(row, (await this.stock.describe([row.optionId])).get(row.optionId));
  }
}

function notFoundAsNull(error: unknown): null {
  if ((error as { kind?: unknown }).kind === 'not_found') return null;
  throw error;
}
