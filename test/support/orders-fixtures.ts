import { MikroORM, RequestContext } from '@mikro-orm/core';
import { createHmac, randomBytes } from 'node:crypto';
import { CheckoutService, type CheckoutInput, type OrderAddress, type PlacedOrder } from '../../src/modules/orders/index.js';
import { FILE_STORAGE, type FileStorage } from '../../src/platform/storage/index.js';
import { createProduct } from './catalogue-fixtures.js';
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

/**
 * A published product with one download option whose file (these bytes) is really in the shop's file storage,
 * as an admin upload leaves it: a `product_files` row, the bytes under a private key, the option pointing at it.
 */
export async function createDownloadProduct(
  shop: TestApp, fields: { title?: string; fileName?: string; bytes: Buffer; contentType?: string; price?: number },
): Promise<{ productId: number; optionId: number; fileId: number; storageKey: string }> {
  const { id: productId, optionIds: [optionId] } = await createProduct(shop.sql, {
    title: fields.title ?? 'Fire Safety Toolkit', options: [{ name: 'Download', kind: 'download', price: fields.price ?? 2500, qty: null }],
  });
  const storageKey = `private/products/${productId}/${randomBytes(8).toString('hex')}.bin`;
  const contentType = fields.contentType ?? 'application/pdf';
  await shop.app.get<FileStorage>(FILE_STORAGE).put(storageKey, fields.bytes, contentType);
  const [file] = await shop.sql<{ id: number }>(
    'insert into product_files (product_id, name, storage_key, content_type, size) values (?, ?, ?, ?, ?) returning id',
    [productId, fields.fileName ?? 'Fire safety toolkit.pdf', storageKey, contentType, fields.bytes.length],
  );
  await shop.sql('update product_options set file_id = ? where id = ?', [file!.id, optionId]);
  return { productId, optionId: optionId!, fileId: file!.id, storageKey };
}
