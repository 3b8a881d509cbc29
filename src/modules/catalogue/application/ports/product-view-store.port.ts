export const PRODUCT_VIEW_STORE = Symbol('ProductViewStore');

/** One buffered view of a product page. */
export interface RecordedView {
  productId: number;
  userId: number | null;
  viewedAt: Date;
}

/** A view as the admin user tab lists it. */
export interface UserProductViewRow {
  id: string;
  product_id: number;
  product_slug: string;
  product_title: string;
  product_status: string;
  viewed_at: Date | string;
}

export interface ProductViewStore {
  /**
   * Stores the views in one multi-row INSERT on a connection of its own — never inside a request's entity
   * manager or transaction, so a flush neither waits for nor joins someone else's work. Views of products
   * deleted meanwhile are skipped rather than failing the whole batch. Returns how many rows were stored.
   */
  insertBatch(views: readonly RecordedView[]): Promise<number>;
  /** Ids of published products with the most views since `since`, most viewed first (ties: newest id first). */
  mostViewedPublished(since: Date, limit: number): Promise<number[]>;
  /** A user's views, newest first, with the product's id, slug and title (drafts included: admins see all). */
  listForUser(userId: number, offset: number, limit: number): Promise<{ rows: UserProductViewRow[]; total: number }>;
}
