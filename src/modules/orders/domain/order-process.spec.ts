import { checkTransition, nextStatuses, ORDER_STATUSES, TransitionRefusedError, type OrderStatus, type TransitionActor } from './order-process.js';

const physical = { hasPhysicalLines: true, trackingNumber: null };
const digital = { hasPhysicalLines: false, trackingNumber: null };
const tracked = { hasPhysicalLines: true, trackingNumber: 'JD0002211' };

/** Every transition the product allows, with the actor that may ask for it. */
const ALLOWED: Array<[OrderStatus, OrderStatus, TransitionActor]> = [
  ['pending_payment', 'paid', 'payment'],
  ['pending_payment', 'cancelled', 'system'],
  ['pending_payment', 'cancelled', 'staff'],
  ['awaiting_payment', 'paid', 'payment'],
  ['awaiting_payment', 'processing', 'staff'],
  ['awaiting_payment', 'cancelled', 'staff'],
  ['paid', 'processing', 'staff'],
  ['paid', 'refunded', 'staff'],
  ['processing', 'refunded', 'staff'],
  ['dispatched', 'completed', 'staff'],
  ['dispatched', 'refunded', 'staff'],
];

describe('the order process', () => {
  it.each(ALLOWED)('allows %s → %s by %s', (from, to, actor) => {
    expect(checkTransition(from, to, actor, physical).to).toBe(to);
  });

  it('completes a paid order straight away only when nothing is physical', () => {
    expect(checkTransition('paid', 'completed', 'staff', digital).to).toBe('completed');
    expect(() => checkTransition('paid', 'completed', 'staff', physical)).toThrow(/after it has been dispatched/);
  });

  it('dispatches only with a tracking number', () => {
    expect(checkTransition('processing', 'dispatched', 'staff', tracked).to).toBe('dispatched');
    expect(() => checkTransition('processing', 'dispatched', 'staff', physical)).toThrow(/tracking number/);
  });

  it('lets only the payment webhook mark an order paid', () => {
    expect(() => checkTransition('pending_payment', 'paid', 'staff', physical)).toThrow(TransitionRefusedError);
    expect(() => checkTransition('pending_payment', 'paid', 'system', physical)).toThrow(TransitionRefusedError);
  });

  it('gives stock back on cancelling and on refunds before dispatch, not after', () => {
    expect(checkTransition('pending_payment', 'cancelled', 'system', physical).givesBackStock).toBe(true);
    expect(checkTransition('paid', 'refunded', 'staff', physical).givesBackStock).toBe(true);
    expect(checkTransition('processing', 'refunded', 'staff', physical).givesBackStock).toBe(true);
    expect(checkTransition('dispatched', 'refunded', 'staff', physical).givesBackStock).toBeFalsy();
    expect(checkTransition('paid', 'processing', 'staff', physical).givesBackStock).toBeFalsy();
  });

  // Every pair not in the allowed list (guarded ones aside) is refused, for every actor.
  const guarded = new Set(['paid→completed', 'awaiting_payment→completed', 'processing→dispatched']);
  const refused = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.filter((to) => !guarded.has(`${from}→${to}`)).flatMap((to) =>
      (['payment', 'system', 'staff'] as const)
        .filter((actor) => !ALLOWED.some(([f, t, a]) => f === from && t === to && a === actor))
        .map((actor) => [from, to, actor] as [OrderStatus, OrderStatus, TransitionActor]),
    ),
  );
  it.each(refused)('refuses %s → %s by %s', (from, to, actor) => {
    expect(() => checkTransition(from, to, actor, tracked)).toThrow(TransitionRefusedError);
  });

  it('refuses a status that does not exist, as a conflict', () => {
    const attempt = () => checkTransition('paid', 'lost', 'staff', physical);
    expect(attempt).toThrow(TransitionRefusedError);
    try {
      attempt();
    } catch (error) {
      expect((error as TransitionRefusedError).kind).toBe('conflict');
    }
  });

  it('lists what staff may do next', () => {
    expect(nextStatuses('pending_payment', 'staff')).toEqual(['cancelled']);
    expect(nextStatuses('paid', 'staff')).toEqual(['processing', 'completed', 'refunded']);
    expect(nextStatuses('completed', 'staff')).toEqual([]);
  });
});

describe('pay on account (awaiting_payment)', () => {
  const physical = { hasPhysicalLines: true, trackingNumber: null };
  it('is paid only by a payment, may be fulfilled or cancelled by staff first', () => {
    expect(checkTransition('awaiting_payment', 'paid', 'payment', physical).to).toBe('paid');
    expect(() => checkTransition('awaiting_payment', 'paid', 'staff', physical)).toThrow(TransitionRefusedError);
    expect(checkTransition('awaiting_payment', 'processing', 'staff', physical).to).toBe('processing');
    expect(checkTransition('awaiting_payment', 'cancelled', 'staff', physical).givesBackStock).toBe(true);
    expect(() => checkTransition('awaiting_payment', 'cancelled', 'system', physical)).toThrow(TransitionRefusedError);
    expect(() => checkTransition('awaiting_payment', 'completed', 'staff', physical)).toThrow(/dispatched/);
    expect(checkTransition('awaiting_payment', 'completed', 'staff', { hasPhysicalLines: false, trackingNumber: null }).to).toBe('completed');
    expect(nextStatuses('awaiting_payment', 'staff')).toEqual(['processing', 'completed', 'cancelled']);
  });
});
