import {
  checkTransition, mailOf, nextStatuses, ORDER_PROCESS, refundable, ORDER_STATUSES, TransitionRefusedError,
  type OrderChange, type OrderStatus, type TransitionActor, type TransitionEffects, type TransitionFacts,
} from './order-process.js';

const card = { paymentMethod: 'card', paid: false } as const;
const physical: TransitionFacts = { hasPhysicalLines: true, trackingNumber: null, ...card };
const digital: TransitionFacts = { hasPhysicalLines: false, trackingNumber: null, ...card };
const tracked: TransitionFacts = { hasPhysicalLines: true, trackingNumber: 'JD0002211', ...card };
const unpaidOnAccount: TransitionFacts = { hasPhysicalLines: true, trackingNumber: 'JD0002211', paymentMethod: 'invoice', paid: false };

/** Every transition the product allows, with the actor that may ask for it. */
const ALLOWED: Array<[OrderStatus, OrderChange, TransitionActor]> = [
  ['pending_payment', 'paid', 'payment'],
  ['pending_payment', 'cancelled', 'system'],
  ['pending_payment', 'cancelled', 'staff'],
  ['pending_payment', 'cancelled', 'customer'],
  ['pending_payment', 'noted', 'payment'],
  ['awaiting_payment', 'paid', 'payment'],
  ['awaiting_payment', 'processing', 'staff'],
  ['awaiting_payment', 'cancelled', 'staff'],
  ['awaiting_payment', 'noted', 'payment'],
  ['paid', 'processing', 'staff'],
  ['paid', 'refunded', 'staff'],
  ['processing', 'refunded', 'staff'],
  ['processing', 'noted', 'payment'],
  ['dispatched', 'completed', 'staff'],
  ['dispatched', 'refunded', 'staff'],
  ['dispatched', 'noted', 'payment'],
  ['completed', 'noted', 'payment'],
  ['completed', 'refunded', 'staff'],
  // Issue 28 item 7: chosen lines of a paid or fulfilled order, by staff (ADR 0045).
  ['paid', 'refunded_in_part', 'staff'],
  ['processing', 'refunded_in_part', 'staff'],
  ['dispatched', 'refunded_in_part', 'staff'],
  ['completed', 'refunded_in_part', 'staff'],
  // Issue 27: a refund the customer is granted (a cancelled or moved course session, ADR 0050), never asked at will.
  ['paid', 'refunded', 'customer'],
  ['processing', 'refunded', 'customer'],
  ['dispatched', 'refunded', 'customer'],
  ['completed', 'refunded', 'customer'],
  ['cancelled', 'noted', 'payment'],
];

/**
 * What each rule does besides moving the status, as declared beside it (ADR 0036). A changed effect must change
 * this table: the e-mails customers get and the documents HMRC sees are part of the product.
 */
const EFFECTS: Array<[OrderStatus | null, OrderChange, TransitionEffects]> = [
  [null, 'pending_payment', { takesStock: true, schedulesPaymentTimeout: true }],
  [null, 'awaiting_payment', { takesStock: true, issues: { series: 'invoice', mail: 'invoice' } }],
  ['pending_payment', 'paid', { marksPaid: true, issues: { series: 'invoice' }, mail: { card: 'confirmation', invoice: 'receipt' } }],
  ['pending_payment', 'cancelled', { givesBackStock: true, issues: { series: 'credit_note', mail: 'credit_note' } }],
  ['pending_payment', 'noted', {}],
  ['awaiting_payment', 'paid', { marksPaid: true, issues: { series: 'invoice' }, mail: { card: 'confirmation', invoice: 'receipt' } }],
  ['awaiting_payment', 'processing', {}],
  ['awaiting_payment', 'completed', {}],
  ['awaiting_payment', 'cancelled', { givesBackStock: true, issues: { series: 'credit_note', mail: 'credit_note' } }],
  ['paid', 'processing', {}],
  ['paid', 'completed', {}],
  ['paid', 'refunded', { givesBackStock: true, issues: { series: 'credit_note', mail: 'credit_note' } }],
  ['processing', 'dispatched', { mail: 'dispatched' }],
  ['processing', 'refunded', { givesBackStock: true, issues: { series: 'credit_note', mail: 'credit_note' } }],
  ['processing', 'paid_in_full', { marksPaid: true, mail: 'receipt' }],
  ['dispatched', 'completed', {}],
  ['dispatched', 'refunded', { issues: { series: 'credit_note', mail: 'credit_note' } }],
  ['dispatched', 'paid_in_full', { marksPaid: true, mail: 'receipt' }],
  ['completed', 'paid_in_full', { marksPaid: true, mail: 'receipt' }],
  ['completed', 'refunded', { issues: { series: 'credit_note', mail: 'credit_note' } }],
  // A refund of chosen lines: its own credit note; the lines' stock goes back as staff choose (ADR 0045).
  ['paid', 'refunded_in_part', { issues: { series: 'credit_note', mail: 'credit_note' } }],
  ['processing', 'refunded_in_part', { issues: { series: 'credit_note', mail: 'credit_note' } }],
  ['dispatched', 'refunded_in_part', { issues: { series: 'credit_note', mail: 'credit_note' } }],
  ['completed', 'refunded_in_part', { issues: { series: 'credit_note', mail: 'credit_note' } }],
  ['cancelled', 'noted', {}],
];

describe('the order process', () => {
  it.each(ALLOWED)('allows %s → %s by %s', (from, to, actor) => {
    expect(checkTransition(from, to, actor, physical).to).toBe(to);
  });

  it.each(EFFECTS)('declares the effects of %s → %s', (from, to, effects) => {
    const facts = to === 'paid_in_full' ? unpaidOnAccount : from === null && to === 'awaiting_payment' ? { ...digital, paymentMethod: 'invoice' as const } : { ...tracked, hasPhysicalLines: false };
    const actor = (from === null ? 'customer' : ['paid', 'noted', 'paid_in_full'].includes(to) ? 'payment' : to === 'cancelled' && from === 'pending_payment' ? 'system' : 'staff') as TransitionActor;
    expect(checkTransition(from, to, actor, facts).effects).toEqual(effects);
  });

  it('declares the effects of every rule in the table above', () => {
    const declared = ORDER_STATUSES.flatMap((from) => ORDER_PROCESS[from].map((rule) => `${from}→${rule.to}`)).filter((pair) => !pair.endsWith('→noted'));
    const tested = EFFECTS.filter(([from]) => from !== null).map(([from, to]) => `${from}→${to}`).filter((pair) => !pair.endsWith('→noted'));
    expect(tested.sort()).toEqual(declared.sort());
  });

  it('places a card order pending payment and an order on account awaiting payment, by the customer only', () => {
    expect(checkTransition(null, 'pending_payment', 'customer', physical).to).toBe('pending_payment');
    expect(checkTransition(null, 'awaiting_payment', 'customer', { ...physical, paymentMethod: 'invoice' }).to).toBe('awaiting_payment');
    expect(() => checkTransition(null, 'awaiting_payment', 'customer', physical)).toThrow(/placed pending payment/);
    expect(() => checkTransition(null, 'pending_payment', 'customer', { ...physical, paymentMethod: 'invoice' })).toThrow(/placed awaiting payment/);
    expect(() => checkTransition(null, 'paid', 'customer', physical)).toThrow(TransitionRefusedError);
    expect(() => checkTransition(null, 'pending_payment', 'staff', physical)).toThrow(TransitionRefusedError);
  });

  it('sends the card payment its confirmation and the BACS payment its receipt', () => {
    const paid = checkTransition('pending_payment', 'paid', 'payment', physical).effects;
    expect(mailOf(paid, 'card')).toBe('confirmation');
    expect(mailOf(paid, 'invoice')).toBe('receipt');
    expect(mailOf(checkTransition('processing', 'dispatched', 'staff', tracked).effects, 'card')).toBe('dispatched');
    expect(mailOf(checkTransition('paid', 'refunded', 'staff', physical).effects, 'card')).toBeNull();
  });

  it('marks an order on account paid in full without moving it, only once and only on account', () => {
    expect(checkTransition('dispatched', 'paid_in_full', 'payment', unpaidOnAccount).effects.marksPaid).toBe(true);
    expect(() => checkTransition('dispatched', 'paid_in_full', 'payment', { ...unpaidOnAccount, paid: true })).toThrow(/Only an unpaid order on account/);
    expect(() => checkTransition('dispatched', 'paid_in_full', 'payment', tracked)).toThrow(/Only an unpaid order on account/);
    expect(() => checkTransition('dispatched', 'paid_in_full', 'staff', unpaidOnAccount)).toThrow(TransitionRefusedError);
    expect(() => checkTransition('refunded', 'noted', 'payment', physical)).toThrow(TransitionRefusedError);
  });

  it('completes a paid order straight away only when nothing is physical', () => {
    expect(checkTransition('paid', 'completed', 'staff', digital).to).toBe('completed');
    expect(() => checkTransition('paid', 'completed', 'staff', physical)).toThrow(/after it has been dispatched/);
  });

  it('dispatches only with a tracking number', () => {
    expect(checkTransition('processing', 'dispatched', 'staff', tracked).to).toBe('dispatched');
    expect(() => checkTransition('processing', 'dispatched', 'staff', physical)).toThrow(/tracking number/);
  });

  it('refunds lines of paid or fulfilled orders only, by staff or a refund granted to the customer (ADR 0045, 0050)', () => {
    for (const from of ['pending_payment', 'awaiting_payment', 'cancelled', 'refunded'] as const) {
      for (const actor of ['staff', 'customer'] as const) expect(() => checkTransition(from, 'refunded_in_part', actor, physical)).toThrow(TransitionRefusedError);
    }
    expect(checkTransition('paid', 'refunded_in_part', 'customer', physical).to).toBe('refunded_in_part');
    for (const actor of ['payment', 'system'] as const) expect(() => checkTransition('paid', 'refunded_in_part', actor, physical)).toThrow(TransitionRefusedError);
    expect(refundable('paid') && refundable('completed') && !refundable('awaiting_payment') && !refundable('refunded')).toBe(true);
  });

  it('lets only the payment webhook mark an order paid', () => {
    expect(() => checkTransition('pending_payment', 'paid', 'staff', physical)).toThrow(TransitionRefusedError);
    expect(() => checkTransition('pending_payment', 'paid', 'system', physical)).toThrow(TransitionRefusedError);
  });

  it('gives stock back on cancelling and on refunds before dispatch, not after', () => {
    expect(checkTransition('pending_payment', 'cancelled', 'system', physical).effects.givesBackStock).toBe(true);
    expect(checkTransition('paid', 'refunded', 'staff', physical).effects.givesBackStock).toBe(true);
    expect(checkTransition('processing', 'refunded', 'staff', physical).effects.givesBackStock).toBe(true);
    expect(checkTransition('dispatched', 'refunded', 'staff', physical).effects.givesBackStock).toBeFalsy();
    expect(checkTransition('paid', 'processing', 'staff', physical).effects.givesBackStock).toBeFalsy();
  });

  // Every pair not in the allowed list (guarded ones aside) is refused, for every actor.
  const guarded = new Set(['paid→completed', 'awaiting_payment→completed', 'processing→dispatched']);
  const refused = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.filter((to) => !guarded.has(`${from}→${to}`)).flatMap((to) =>
      (['customer', 'payment', 'system', 'staff'] as const)
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

  it('lists what staff may do next (statuses only, never a note)', () => {
    expect(nextStatuses('pending_payment', 'staff')).toEqual(['cancelled']);
    expect(nextStatuses('paid', 'staff')).toEqual(['processing', 'completed', 'refunded']);
    expect(nextStatuses('completed', 'staff')).toEqual(['refunded']);
    expect(nextStatuses('refunded', 'staff')).toEqual([]);
    expect(nextStatuses('dispatched', 'payment')).toEqual([]);
  });
});

describe('pay on account (awaiting_payment)', () => {
  it('is paid only by a payment, may be fulfilled or cancelled by staff first', () => {
    expect(checkTransition('awaiting_payment', 'paid', 'payment', physical).to).toBe('paid');
    expect(() => checkTransition('awaiting_payment', 'paid', 'staff', physical)).toThrow(TransitionRefusedError);
    expect(checkTransition('awaiting_payment', 'processing', 'staff', physical).to).toBe('processing');
    expect(checkTransition('awaiting_payment', 'cancelled', 'staff', physical).effects.givesBackStock).toBe(true);
    expect(() => checkTransition('awaiting_payment', 'cancelled', 'system', physical)).toThrow(TransitionRefusedError);
    expect(() => checkTransition('awaiting_payment', 'completed', 'staff', physical)).toThrow(/dispatched/);
    expect(checkTransition('awaiting_payment', 'completed', 'staff', digital).to).toBe('completed');
    expect(nextStatuses('awaiting_payment', 'staff')).toEqual(['processing', 'completed', 'cancelled']);
  });
});
