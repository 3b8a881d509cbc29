import { defineEntity, p } from '@mikro-orm/core';

// The limits live in src/shared/contracts so the portal's field specs read the same numbers (issue 29).
import { OPTION_LIMITS, type OptionKind } from '../../../shared/contracts/catalogue.js';
export { OPTION_KINDS, OPTION_LIMITS, type OptionKind } from '../../../shared/contracts/catalogue.js';

export interface OptionFields {
  name: string;
  code: string;
  /** Ex VAT, integer pence. */
  price: number;
  /** Grams. */
  weight: number;
  /** Stock; null = unlimited (digital goods). */
  qty: number | null;
  kind: OptionKind;
  /** Learners per unit bought: required for `online_access`, null for every other kind (issue 26). */
  seats: number | null;
  /** The product file a download option unlocks. */
  fileId: number | null;
  active: boolean;
  sortOrder: number;
}

/** Whether an option with this stock can be bought: null is unlimited (digital goods). */
export function inStock(qty: number | null): boolean {
  return qty === null || qty > 0;
}

/** What goes in the basket (product.md): a product's option with its price ex VAT, weight, stock and kind. */
export class ProductOption {
  id!: number;
  productId!: number;
  name!: string;
  code!: string;
  price!: number;
  weight = 0;
  qty: number | null = null;
  kind!: OptionKind;
  seats: number | null = null;
  fileId: number | null = null;
  active = true;
  sortOrder = 0;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();

  constructor(productId: number, fields: OptionFields) {
    this.productId = productId;
    this.edit(fields);
  }

  edit(fields: OptionFields): void {
    this.name = fields.name;
    this.code = fields.code;
    this.price = fields.price;
    this.weight = fields.weight;
    this.qty = fields.qty;
    this.kind = fields.kind;
    this.seats = fields.kind === 'online_access' ? fields.seats : null;
    this.fileId = fields.fileId;
    this.active = fields.active;
    this.sortOrder = fields.sortOrder;
  }

  get inStock(): boolean {
    return inStock(this.qty);
  }
}

export const ProductOptionSchema = defineEntity({
  class: ProductOption,
  tableName: 'product_options',
  properties: {
    id: p.integer().primary().autoincrement(),
    productId: p.integer(),
    name: p.string().length(OPTION_LIMITS.name),
    code: p.string().length(OPTION_LIMITS.code).unique(),
    price: p.integer(),
    weight: p.integer(),
    qty: p.integer().nullable(),
    kind: p.string().length(16),
    seats: p.integer().nullable(),
    fileId: p.integer().nullable(),
    active: p.boolean(),
    sortOrder: p.integer(),
    createdAt: p.datetime(),
    updatedAt: p.datetime().onUpdate(() => new Date()),
  },
});
