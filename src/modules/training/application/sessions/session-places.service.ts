import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InvalidInputError } from '../../../../shared/domain-error.js';
import { BasketBookings, type BookingChoice } from '../../../basket/index.js';
import type { PurchasableOption } from '../../../catalogue/index.js';
import { OrderTransitionSubscribers, type OrderTransitionEvent } from '../../../orders/index.js';
import { SessionFullError } from '../../domain/session-errors.js';
import { sessionLabel, unbookableReason } from '../../domain/session-rules.js';
import { SESSION_STORE, type SessionRow, type SessionStore } from '../ports/session-store.port.js';
import { toPublicSessionView, type PublicSessionView } from './session-views.js';
import { WaitingListService } from './waiting-list.service.js';
import { isId } from '../../../../shared/contracts/ids.js';

const COURSE = 'course';

/** A cancelled session has none to book. */
const placesLeftOf = (session: SessionRow) => (session.status === 'scheduled' ? Math.max(0, session.capacity - session.placesTaken) : 0);

/**
 * Places on open-course sessions (issue 27, ADR 0046). The buyer picks a session for a course line in the basket (this
 * service is the basket's BookingProvider for `course` options); placing the order takes the places with one guarded
 * update in the checkout's transaction (a subscriber of the order process's placing changes, so a full session
 * refuses the whole order); cancelling or refunding the order gives them back.
 */
@Injectable()
export class SessionPlacesService implements OnModuleInit {
  private readonly logger = new Logger(SessionPlacesService.name);

  constructor(
    @Inject(SESSION_STORE) private readonly store: SessionStore,
    private readonly bookings: BasketBookings,
    private readonly subscribers: OrderTransitionSubscribers,
    private readonly waitingList: WaitingListService,
  ) {}

  onModuleInit(): void {
    this.bookings.register({ kind: COURSE, choose: (option, id) => this.choose(option, id), describe: (refs) => this.describe(refs) });
    // Placed: by card (pending_payment) or on account (awaiting_payment); take() acts only on the placing change.
    this.subscribers.on('pending_payment', (event) => this.take(event));
    this.subscribers.on('awaiting_payment', (event) => this.take(event));
    this.subscribers.on('cancelled', (event) => this.release(event));
    this.subscribers.on('refunded', (event) => this.release(event));
  }

  /** `GET /api/products/{id}/sessions`: scheduled sessions still to start, by date, with places left. */
  async upcoming(productId: number, now = new Date()): Promise<PublicSessionView[]> {
    return (await this.store.upcomingOfProduct(productId, now)).map(toPublicSessionView);
  }

  /** BookingProvider.choose: a session of this option that can be booked now, or 422 on `session_id`. */
  async choose(option: PurchasableOption, sessionId: number | undefined, now = new Date()): Promise<BookingChoice> {
    if (sessionId === undefined) throw new InvalidInputError('session_id', `Choose a date for "${option.productTitle} — ${option.name}".`);
    const session = (await this.store.findMany([sessionId])).get(sessionId);
    if (!session) throw new InvalidInputError('session_id', 'That session does not exist: choose one of the listed dates.');
    const reason = unbookableReason(session, option.id, now);
    if (reason) throw new InvalidInputError('session_id', reason);
    return { ref: String(session.id), label: sessionLabel(session) };
  }

  async describe(refs: readonly string[]): Promise<Map<string, BookingChoice>> {
    const ids = refs.map(Number).filter(isId);
    const sessions = await this.store.findMany(ids);
    // With the places left, which a course line's quantity may not pass (ADR 0051).
    return new Map([...sessions.values()].map((session) => [String(session.id), { ref: String(session.id), label: sessionLabel(session), left: placesLeftOf(session) }]));
  }

  /** Takes the places of the order's course lines when it is placed; a line without a session, or a full one, refuses the order. */
  async take(event: OrderTransitionEvent, now = new Date()): Promise<void> {
    if (event.from !== null) return; // only the placing change takes places
    for (const line of event.lines.filter((candidate) => candidate.kind === COURSE)) {
      const sessionId = line.bookingRef === null ? NaN : Number(line.bookingRef);
      if (!Number.isSafeInteger(sessionId)) throw new InvalidInputError('session_id', 'Every course place needs a date: choose one in your basket.');
      const session = (await this.store.findMany([sessionId])).get(sessionId);
      const label = line.bookingLabel ?? (session ? sessionLabel(session) : 'the chosen date');
      if (!session || session.startsAt.getTime() <= now.getTime()) throw new InvalidInputError('session_id', `The session "${label}" can no longer be booked: choose another date.`);
      const taken = await this.store.take({ sessionId, orderId: event.orderId, orderLineId: line.lineId, customerId: event.customerId, qty: line.qty });
      if (!taken) {
        const current = (await this.store.findMany([sessionId])).get(sessionId);
        throw new SessionFullError(label, current && current.status === 'scheduled' ? current.capacity - current.placesTaken : 0);
      }
    }
  }

  async release(event: OrderTransitionEvent): Promise<void> {
    if (!event.lines.some((line) => line.kind === COURSE)) return;
    const held = await this.waitingList.heldSessionsOfOrder(event.orderId);
    const released = await this.store.releaseForOrder(event.orderId, event.at);
    if (released === 0) return;
    this.logger.log(`Order ${event.orderNumber} ${event.change}: ${released} course place(s) given back.`);
    // Queued in this transaction (ADR 0051): the waiting lists hear only if the change commits.
    await this.waitingList.placesFreed(...held);
  }
}
