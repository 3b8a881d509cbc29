import { defineEntity, p } from '@mikro-orm/core';

/**
 * Money received for an order on account: a BACS transfer recorded by staff (amount in pence, the bank's
 * reference). Several may add up; the order is paid when they cover its grand total.
 */
export class OrderPayment {
  id!: number;
  receivedAt: Date = new Date();

  constructor(
    public orderId: number,
    public amount: number,
    public reference: string,
    public method: 'bacs',
    public recordedBy: number | null,
  ) {}
}

export const OrderPaymentSchema = defineEntity({
  class: OrderPayment,
  tableName: 'order_payments',
  properties: {
    id: p.integer().primary().autoincrement(),
    orderId: p.integer(),
    amount: p.integer(),
    reference: p.string().length(100),
    method: p.string().length(20),
    recordedBy: p.integer().nullable(),
    receivedAt: p.datetime(),
  },
});
