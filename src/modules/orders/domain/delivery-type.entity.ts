import { defineEntity, p } from '@mikro-orm/core';

export const DELIVERY_TYPE_LIMITS = { name: 120, price: 100_000_000, weight: 10_000_000 } as const;

export interface DeliveryTypeFields {
  name: string;
  /** Ex VAT, integer pence. */
  price: number;
  /** Grams, inclusive. */
  minWeight: number;
  /** Grams, inclusive; null = no upper bound. */
  maxWeight: number | null;
  active: boolean;
  sortOrder: number;
}

/** A way of sending physical goods (product.md): admin-managed, offered when the basket's weight is in its band. */
export class DeliveryType implements DeliveryTypeFields {
  id!: number;
  name!: string;
  price!: number;
  minWeight = 0;
  maxWeight: number | null = null;
  active = true;
  sortOrder = 0;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  constructor(fields: DeliveryTypeFields) {
    this.edit(fields);
  }

  edit(fields: DeliveryTypeFields): void {
    this.name = fields.name;
    this.price = fields.price;
    this.minWeight = fields.minWeight;
    this.maxWeight = fields.maxWeight;
    this.active = fields.active;
    this.sortOrder = fields.sortOrder;
  }
}

export const DeliveryTypeSchema = defineEntity({
  class: DeliveryType,
  tableName: 'delivery_types',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(DELIVERY_TYPE_LIMITS.name).unique(),
    price: p.integer(),
    minWeight: p.integer(),
    maxWeight: p.integer().nullable(),
    active: p.boolean(),
    sortOrder: p.integer(),
    createdAt: p.datetime(),
    updatedAt: p.datetime().onUpdate(() => new Date()),
  },
});
