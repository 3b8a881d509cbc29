import type { DeliveryType } from '../../domain/delivery-type.entity.js';

export const DELIVERY_TYPE_STORE = Symbol('DeliveryTypeStore');

export interface DeliveryTypeStore {
  /** Every type, in the admin's sort order. */
  list(): Promise<DeliveryType[]>;
  listActive(): Promise<DeliveryType[]>;
  findById(id: number): Promise<DeliveryType | null>;
  findByName(name: string): Promise<DeliveryType | null>;
  /** Persists; a name taken meanwhile becomes the domain's duplicate-name error. */
  save(type: DeliveryType): Promise<void>;
  remove(type: DeliveryType): Promise<void>;
}
