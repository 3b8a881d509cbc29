import { MikroORM, RequestContext } from '@mikro-orm/core';
import { createHmac } from 'node:crypto';
import { CheckoutService, type CheckoutInput, type OrderAddress, type PlacedOrder } from '../../src/modules/orders/index.js';
import type { TestApp } from './test-app.js';

/** Arranging customers and orders for the buying tests. */
let sequence = 0;

export const ADDRESS: OrderAddress = {
  name: 'Casey Customer', company: 'Acme Training Ltd', line1: '1 Canal Wharf', line2: null, town: 'Leeds', county: 'West Yorkshire',
  postcode: 'LS10 1AB', country: 'GB',
};

/** A customer straight in the database (no password: they are never signed in through the API). */
export async function createCustomer(shop: TestApp, fields: { email?: string } = {}): Promise<{ id: number; email: string }> {
  const email = fields.email ?? `buyer.${process.pid}.${Date.now().toString(36)}.${++sequence}@acme-training.co.uk`;
  const [row] = await shop.sql<{ id: number }>(
    `insert into users (email, first_name, last_name, company_name, billing_address) values (?, 'Casey', 'Buyer', 'Acme Training Ltd', ?) returning id`,
    [email, JSON.stringify({ line1: '1 Canal Wharf', line2: null, town: 'Leeds', county: null, postcode: 'LS10 1AB', country: 'GB' })],
  );
  return { id: row!.id, email };
}

export const checkoutInput = (fields: Partial<CheckoutInput> = {}): CheckoutInput => ({
  billingAddress: ADDRESS, deliveryAddress: ADDRESS, deliveryTypeId: null, poNumber: null, notes: null, acceptTerms: true, paymentMethod: 'card', ...fields,
});

/** Places an order in-process (CheckoutService.place, as POST /api/checkout does once it has read the basket). */
export function placeOrder(shop: TestApp, userId: number, lines: Array<{ optionId: number; qty: number }>, fields: Partial<CheckoutInput> = {}): Promise<PlacedOrder> {
  return inContext(shop, () => shop.app.get(CheckoutService).place(userId, lines, checkoutInput(fields)));
}

export function inContext<T>(shop: TestApp, work: () => Promise<T>): Promise<T> {
  return RequestContext.create(shop.app.get(MikroORM).em, work);
}

/** The id of a seeded delivery type, by name. */
export async function deliveryTypeId(shop: TestApp, name: string): Promise<number> {
  const [row] = await shop.sql<{ id: number }>('select id from delivery_types where name = ?', [name]);
  return row!.id;
}

/** A `Stripe-Signature` header as Stripe (and the embedded test provider) sign: t=…,v1=HMAC-SHA256("t.body"). */
export function stripeSignature(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function completedEvent(eventId: string, reference: string, orderId: number, amount: number): string {
  return JSON.stringify({
    id: eventId, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000),
    data: { object: { id: reference, object: 'checkout.session', amount_total: amount, currency: 'gbp', payment_status: 'paid', metadata: { order_id: String(orderId) } } },
  });
}
