import { defineEntity, p } from '@mikro-orm/core';

/** One view of a product page (product.md): the product, the signed-in user if any, and when. */
export class ProductView {
  id!: string;
  productId!: number;
  userId: number | null = null;
  viewedAt: Date = new Date();

  constructor(productId: number, userId: number | null, viewedAt: Date) {
    this.productId = productId;
    this.userId = userId;
    this.viewedAt = viewedAt;
  }
}

export const ProductViewSchema = defineEntity({
  class: ProductView,
  tableName: 'product_views',
  properties: {
    id: p.bigint().primary().autoincrement(),
    productId: p.integer(),
    userId: p.integer().nullable(),
    viewedAt: p.datetime(),
  },
});
