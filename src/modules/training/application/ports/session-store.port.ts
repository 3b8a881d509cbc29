import type { SessionFields } from '../../domain/session-rules.js';

/** Where open-course sessions and the places orders hold are kept (plain SQL: places are taken by a guarded update). */
export const SESSION_STORE = Symbol('SessionStore');

export interface SessionRow extends SessionFields {
  id: number;
  productId: number;
  optionId: number;
  placesTaken: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface SessionQuery {
  from: Date | null;
  to: Date | null;
  productId: number | null;
  limit: number;
  offset: number;
}

export interface PlaceRequest {
  sessionId: number;
  orderId: number;
  orderLineId: number;
  customerId: number;
  qty: number;
}

export interface SessionStore {
  list(query: SessionQuery): Promise<{ rows: SessionRow[]; total: number }>;
  find(id: number, lock?: boolean): Promise<SessionRow | null>;
  findMany(ids: readonly number[]): Promise<Map<number, SessionRow>>;
  /** Scheduled sessions of a product starting after `now`, by date. */
  upcomingOfProduct(productId: number, now: Date): Promise<SessionRow[]>;
  insert(productId: number, optionId: number, fields: SessionFields): Promise<SessionRow>;
  update(id: number, fields: SessionFields): Promise<SessionRow | null>;
  /** Deletes the session only while no place is taken; false when some are (or it does not exist). */
  deleteIfEmpty(id: number): Promise<boolean>;
  /**
   * Takes `qty` places with one guarded update (`places_taken + qty <= capacity`, scheduled only) and records the
   * order line holding them; false when they are not there (nothing written).
   */
  take(request: PlaceRequest): Promise<boolean>;
  /** Gives back every place the order still holds; answers how many places were released. */
  releaseForOrder(orderId: number, at: Date): Promise<number>;
  /** Demo data only: sets places taken without orders (the demo shows nearly full and full dates). */
  markTakenForDemo(id: number, placesTaken: number): Promise<void>;
}
