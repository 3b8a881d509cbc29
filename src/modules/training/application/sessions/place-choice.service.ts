import { Inject, Injectable } from '@nestjs/common';
import { InvalidInputError, NotFoundError } from '../../../../shared/domain-error.js';
import { Transactions } from '../../../../platform/persistence/index.js';
import { OutboundMail } from '../../../../platform/mail/index.js';
import { StockService } from '../../../catalogue/index.js';
import { CustomerRefunds } from '../../../orders/index.js';
import { PlaceNotAffectedError, TransferFullError } from '../../domain/session-change-errors.js';
import { choiceOpen, transferRefusal } from '../../domain/session-change-rules.js';
import { sessionLabel } from '../../domain/session-rules.js';
import { SESSION_CHANGE_STORE, type PlaceRow, type SessionChangeStore } from '../ports/session-change-store.port.js';
import { SESSION_STORE, type SessionRow, type SessionStore } from '../ports/session-store.port.js';
import { delegateChangeMail } from './session-change-mail.js';
import { toPublicSessionView } from './session-views.js';
import type { PlaceChoiceView, PlaceChosenView } from './place-choice-views.js';

/**
 * The buyer's answer to a cancelled or moved session (issue 27, ADR 0050), from their order page: another date of the
 * same option (a transfer: the place row and its delegates move, taken on the new date by the checkout's guarded
 * update) or a refund of the place's order line (a credit note through the orders module; the places go back). Only
 * the buyer's own order (404), only a place waiting for a choice (409), once.
 */
@Injectable()
export class PlaceChoiceService {
  constructor(
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
    @Inject(SESSION_CHANGE_STORE) private readonly changes: SessionChangeStore,
    private readonly stock: StockService,
    private readonly refunds: CustomerRefunds,
    private readonly mail: OutboundMail,
    private readonly transactions: Transactions,
  ) {}

  /**
   * `/account/orders/{id}`: the order's places whose session was cancelled or moved — those waiting for a choice with
   * the dates they may move to, and those answered or kept with the date they are on now (the order line's label is
   * the invoice's snapshot, so the page says the new date here).
   */
  async forOrder(customerId: number, orderId: number, now = new Date()): Promise<PlaceChoiceView[]> {
    const places = (await this.changes.changedOfOrder(orderId)).filter((place) => place.customerId === customerId);
    if (places.length === 0) return [];
    const sessions = await this.sessions.findMany([...new Set(places.map((place) => place.sessionId))]);
    const options = await this.stock.describe([...new Set([...sessions.values()].map((session) => session.optionId))]);
    const upcoming = new Map<number, SessionRow[]>();
    const views: PlaceChoiceView[] = [];
    for (const place of places) {
      const session = sessions.get(place.sessionId);
      if (!session) continue;
      const open = choiceOpen(place, session, now);
      if (open && !upcoming.has(session.productId)) upcoming.set(session.productId, await this.sessions.upcomingOfProduct(session.productId, now));
      const dates = open ? upcoming.get(session.productId)!.filter((candidate) => transferRefusal(session, candidate, place.qty, now) === null) : [];
      const option = options.get(session.optionId);
      views.push({
        place_id: place.id, order_line_id: place.orderLineId, qty: place.qty, course: option ? `${option.productTitle} — ${option.name}` : 'Open course',
        change: place.changeKind!, was: place.changeFromLabel ?? sessionLabel(session), now: session.status === 'cancelled' ? null : sessionLabel(session),
        open, resolution: place.changeResolution === 'transferred' ? 'transferred' : null, dates: dates.map(toPublicSessionView),
      });
    }
    return views;
  }

  /** `POST /api/orders/{id}/places/{placeId}/transfer`: the place moves to another date (409 when it is full). */
  async transfer(customerId: number, orderId: number, placeId: number, sessionId: number, now = new Date()): Promise<PlaceChosenView> {
    return this.transactions.run(async () => {
      const { place, session } = await this.open(customerId, orderId, placeId, true, now);
      await this.changes.lockSessions([place.sessionId, sessionId]);
      const target = await this.sessions.find(sessionId);
      const refusal = target ? transferRefusal(session, target, place.qty, now) : 'not_found';
      if (refusal === 'not_found') throw new InvalidInputError('session_id', 'Choose one of the listed dates of this course.');
      if (refusal === 'full' || !(await this.changes.transfer(place, sessionId, now))) throw new TransferFullError(sessionLabel(target!));
      const moved = (await this.sessions.find(sessionId))!;
      const option = (await this.stock.describe([session.optionId])).get(session.optionId);
      const change = {
        course: option?.productTitle ?? 'Open course', kind: 'transferred' as const, was: sessionLabel(session), now: sessionLabel(moved),
        joiningUrl: moved.online ? moved.joiningUrl : null, reason: null,
      };
      for (const delegate of await this.changes.delegatesOf([place.id])) await this.mail.send(delegateChangeMail(delegate, change));
      return { place_id: place.id, resolution: 'transferred', session: toPublicSessionView(moved), credit_note_number: null };
    });
  }

  /**
   * `POST /api/orders/{id}/places/{placeId}/refund`: a credit note for what is left of the place's order line (the
   * orders module locks the order first, then the place is checked again under its own lock), and the places go back.
   */
  async refund(customerId: number, orderId: number, placeId: number, now = new Date()): Promise<PlaceChosenView> {
    return this.transactions.run(async () => {
      const { place } = await this.open(customerId, orderId, placeId, false, now);
      const refunded = await this.refunds.refundLines(customerId, orderId, [place.orderLineId], `Course session ${place.changeKind}: ${place.changeFromLabel ?? 'your date'}.`);
      // A second request for the same place waited on the order's lock: it finds the answer given (and rolls back).
      const locked = await this.changes.findPlace(orderId, placeId, true);
      if (!locked || locked.changeResolvedAt !== null) throw new PlaceNotAffectedError();
      await this.changes.release(place.id, now); // the order process's own subscribers may have released it already
      await this.changes.resolve(place.id, 'refunded', now);
      return { place_id: place.id, resolution: 'refunded', session: null, credit_note_number: refunded.credit_note_number };
    });
  }

  private async open(customerId: number, orderId: number, placeId: number, lock: boolean, now: Date): Promise<{ place: PlaceRow; session: SessionRow }> {
    const place = await this.changes.findPlace(orderId, placeId, lock);
    if (!place || place.customerId !== customerId) throw new NotFoundError('That place');
    const session = await this.sessions.find(place.sessionId);
    if (!session || !choiceOpen(place, session, now)) throw new PlaceNotAffectedError();
    return { place, session };
  }
}
