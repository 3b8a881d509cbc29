import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Transactions } from '../../../../platform/persistence/index.js';
import { OrderService, OrderViewAddons, type OrderView, type OrderViewAddonContext } from '../../../orders/index.js';
import { DelegatesLockedError, DelegatesNotOpenError, DelegatesRefusedError } from '../../domain/delegate-errors.js';
import {
  DELEGATE_ORDER_STATUSES, delegateChangeDeadline, delegatesChangeable, planDelegates, REMINDER_WINDOW_MS, type DelegateEntry, type DelegateSeat,
} from '../../domain/delegate-rules.js';
import { sessionLabel } from '../../domain/session-rules.js';
import { DELEGATE_STORE, type DelegateRow, type DelegateStore, type HeldPlaceRow } from '../ports/delegate-store.port.js';
import { sessionSummary, type CourseDelegatesView, type OrderDelegatesView, type OrderPlaceView } from './delegate-views.js';
import { JoiningInstructions } from './joining-instructions.js';

/**
 * Delegates of open-course places (issue 27, ADR 0048): the buyer names one person per place bought on their order
 * (`PUT /api/orders/{id}/delegates`) until 23:59 UK time the day before the session; each new or changed person gets
 * the joining instructions with an .ics. Ownership is orders' (`OrderService.findForCustomer`: 404 for anybody
 * else's order); the order view shows the places through orders' `OrderViewAddons`, so orders never learns of them.
 */
@Injectable()
export class DelegateService implements OnModuleInit {
  constructor(
    @Inject(DELEGATE_STORE) private readonly store: DelegateStore,
    private readonly orders: OrderService,
    private readonly addons: OrderViewAddons,
    private readonly transactions: Transactions,
    private readonly joining: JoiningInstructions,
  ) {}

  onModuleInit(): void {
    this.addons.register('places', (order) => this.placesOf(order));
  }

  /** The order view's `places`: one per place still held, with its session and delegate (none once given back). */
  async placesOf(order: OrderViewAddonContext): Promise<OrderPlaceView[]> {
    if (!order.books) return []; // places are held only for lines that book a session
    const places = await this.store.heldPlacesOfOrder(order.orderId);
    const delegates = seatMap(await this.store.delegatesOfPlaces(places.map((place) => place.placeId)));
    return places.flatMap((place) => seatNumbers(place).map((seatNo) => {
      const delegate = delegates.get(`${place.placeId}:${seatNo}`);
      return {
        line_id: place.orderLineId, seat_no: seatNo, session_id: place.session.id, starts_at: place.session.startsAt.toISOString(),
        ends_at: place.session.endsAt.toISOString(), venue: place.session.venue, online: place.session.online,
        name: delegate?.name ?? null, email: delegate?.email ?? null,
      };
    }));
  }

  /** The order page's Delegates section: each course line's session, its deadline, and who is named on each place. */
  async forCustomer(customerId: number, orderId: number, now = new Date()): Promise<OrderDelegatesView> {
    const order = await this.orders.findForCustomer(customerId, orderId);
    const places = await this.store.heldPlacesOfOrder(order.id);
    const delegates = seatMap(await this.store.delegatesOfPlaces(places.map((place) => place.placeId)));
    const closed = closedReason(order, places);
    return {
      order_id: order.id,
      closed_reason: closed,
      courses: places.map((place): CourseDelegatesView => ({
        line_id: place.orderLineId,
        title: order.lines.find((line) => line.id === place.orderLineId)?.title ?? 'Course',
        option_name: order.lines.find((line) => line.id === place.orderLineId)?.option_name ?? '',
        session: sessionSummary(place.session, sessionLabel(place.session)),
        change_until: delegateChangeDeadline(place.session.startsAt).toISOString(),
        changeable: closed === null && delegatesChangeable(place.session, now),
        seats: seatNumbers(place).map((seatNo) => {
          const delegate = delegates.get(`${place.placeId}:${seatNo}`);
          return { seat_no: seatNo, name: delegate?.name ?? null, email: delegate?.email ?? null, joining_sent: delegate ? delegate.joiningSentAt !== null : false };
        }),
      })),
    };
  }

  /**
   * Names the delegates of every place on the order (domain/delegate-rules.ts `planDelegates`): 422 with field paths,
   * 409 when the order's places cannot be named or a settled session's delegates would change. New and changed
   * delegates are written and their joining instructions claimed and queued in one transaction.
   */
  async save(customerId: number, orderId: number, entries: readonly DelegateEntry[], now = new Date()): Promise<OrderDelegatesView> {
    await this.transactions.run(async () => {
      const order = await this.orders.findForCustomer(customerId, orderId);
      const places = await this.store.heldPlacesOfOrder(order.id);
      const closed = closedReason(order, places);
      if (closed) throw new DelegatesNotOpenError(closed);
      const delegates = seatMap(await this.store.delegatesOfPlaces(places.map((place) => place.placeId)));
      const seats = places.flatMap((place) => seatNumbers(place).map((seatNo): DelegateSeat => {
        const current = delegates.get(`${place.placeId}:${seatNo}`);
        return {
          placeId: place.placeId, seatNo, sessionId: place.session.id, label: sessionLabel(place.session), locked: !delegatesChangeable(place.session, now),
          current: current ? { name: current.name, email: current.email } : null,
        };
      }));
      const plan = planDelegates(seats, entries);
      if (Object.keys(plan.problems).length > 0) throw new DelegatesRefusedError(plan.problems);
      if (plan.locked.length > 0) throw new DelegatesLockedError(plan.locked);
      for (const write of plan.writes) await this.store.upsert(write.placeId, write.seatNo, write.name, write.email);
      const claimed = await this.store.claimJoining([...new Set(plan.writes.map((write) => write.placeId))], now, REMINDER_WINDOW_MS);
      await this.joining.send(claimed, 'joining', now);
    });
    return this.forCustomer(customerId, orderId, now);
  }
}

function seatNumbers(place: HeldPlaceRow): number[] {
  return Array.from({ length: place.qty }, (_, index) => index + 1);
}

function seatMap(delegates: readonly DelegateRow[]): Map<string, DelegateRow> {
  return new Map(delegates.map((delegate) => [`${delegate.placeId}:${delegate.seatNo}`, delegate]));
}

/** Why the order's places cannot be named: unpaid (not yet held for good), given back, or no course places at all. */
function closedReason(order: OrderView, places: readonly HeldPlaceRow[]): string | null {
  if (order.status === 'pending_payment') return 'Delegates can be named once the order is paid.';
  if (!DELEGATE_ORDER_STATUSES.includes(order.status)) return `This order was ${order.status}: its places were given back, so nobody can be named on them.`;
  if (places.length === 0) return 'This order holds no course places to name delegates for.';
  return null;
}
