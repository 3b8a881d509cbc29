import { Injectable } from '@nestjs/common';
import type { OrderStatus } from '../domain/order-process.js';

/** What a contributor learns of the order it adds to: the customer's own order, already found (ownership checked). */
export interface OrderViewAddonContext {
  orderId: number;
  customerId: number;
  status: OrderStatus;
  /**
   * Whether any line books something (its `bookingRef`, opaque to orders: ADR 0046). An addon about bookings may
   * answer without reading when none does — most orders (ADR 0073).
   */
  books: boolean;
}

/** Gives the value of one top-level field of the customer's order view (JSON-ready). */
export type OrderViewAddon = (order: OrderViewAddonContext) => Promise<unknown>;

/**
 * Fields other modules add to the customer's order view (`GET /api/orders/{id}`, the order page) without orders
 * knowing what they mean — the training module's `places` of an open-course order (ADR 0048), as the basket's
 * BasketBookings lets training book a session without the basket knowing sessions (ADR 0046). Registered in
 * `onModuleInit`; a key is owned by one module and may not shadow the order's own fields.
 */
@Injectable()
export class OrderViewAddons {
  private readonly addons = new Map<string, OrderViewAddon>();

  register(key: string, addon: OrderViewAddon): void {
    if (!/^[a-z][a-z0-9_]*$/.test(key)) throw new Error(`"${key}" is not a snake_case field name.`);
    if (this.addons.has(key)) throw new Error(`The order view's field "${key}" is contributed already.`);
    this.addons.set(key, addon);
  }

  /** Every contributed field for this order; `reserved` are the view's own keys, which an addon may not replace. */
  async fieldsFor(order: OrderViewAddonContext, reserved: readonly string[]): Promise<Record<string, unknown>> {
    const fields: Record<string, unknown> = {};
    for (const [key, addon] of this.addons) {
      if (reserved.includes(key)) throw new Error(`The order view's field "${key}" is the order's own.`);
      fields[key] = await addon(order);
    }
    return fields;
  }
}
