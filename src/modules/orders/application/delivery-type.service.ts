import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/domain-error.js';
import { deliveryTypesFor } from '../domain/delivery-bands.js';
import { deliveryBandUpsideDown, deliveryNameTaken } from '../domain/delivery-errors.js';
import { DeliveryType, type DeliveryTypeFields } from '../domain/delivery-type.entity.js';
import { DELIVERY_TYPE_STORE, type DeliveryTypeStore } from './ports/delivery-type-store.port.js';

/** A delivery type as the admin API shows it. */
export interface DeliveryTypeView {
  id: number;
  name: string;
  price: number;
  min_weight: number;
  max_weight: number | null;
  active: boolean;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

/** The reference bands `shop db:seed` adds (UK carriers' usual weight limits; prices ex VAT). */
export const DEFAULT_DELIVERY_TYPES: readonly DeliveryTypeFields[] = [
  { name: 'Royal Mail Tracked 48', price: 395, minWeight: 0, maxWeight: 2000, active: true, sortOrder: 10 },
  { name: 'Royal Mail Tracked 24', price: 545, minWeight: 0, maxWeight: 2000, active: true, sortOrder: 20 },
  { name: 'Parcelforce 48', price: 995, minWeight: 0, maxWeight: 30_000, active: true, sortOrder: 30 },
  { name: 'Courier next working day', price: 1495, minWeight: 0, maxWeight: 30_000, active: true, sortOrder: 40 },
];

/** Delivery types: administration, and which types fit a basket's weight. */
@Injectable()
export class DeliveryTypeService {
  constructor(@Inject(DELIVERY_TYPE_STORE) private readonly types: DeliveryTypeStore) {}

  async list(): Promise<DeliveryTypeView[]> {
    return (await this.types.list()).map(toDeliveryTypeView);
  }

  async get(id: number): Promise<DeliveryTypeView> {
    return toDeliveryTypeView(await this.load(id));
  }

  async create(fields: DeliveryTypeFields): Promise<DeliveryTypeView> {
    assertBand(fields);
    await this.assertNameFree(fields.name, null);
    const type = new DeliveryType(fields);
    await this.types.save(type);
    return toDeliveryTypeView(type);
  }

  /** Fields left out keep their value; the band is checked as it ends up. */
  async update(id: number, changes: Partial<DeliveryTypeFields>): Promise<DeliveryTypeView> {
    const type = await this.load(id);
    const fields: DeliveryTypeFields = {
      name: changes.name ?? type.name,
      price: changes.price ?? type.price,
      minWeight: changes.minWeight ?? type.minWeight,
      maxWeight: changes.maxWeight !== undefined ? changes.maxWeight : type.maxWeight,
      active: changes.active ?? type.active,
      sortOrder: changes.sortOrder ?? type.sortOrder,
    };
    assertBand(fields);
    if (fields.name !== type.name) await this.assertNameFree(fields.name, id);
    type.edit(fields);
    await this.types.save(type);
    return toDeliveryTypeView(type);
  }

  /** Placed orders keep their own snapshot of the delivery, so deleting a type changes no order. */
  async delete(id: number): Promise<void> {
    await this.types.remove(await this.load(id));
  }

  /** The active types whose band holds this weight (grams). */
  async fitting(weight: number): Promise<DeliveryType[]> {
    return deliveryTypesFor(await this.types.listActive(), weight);
  }

  /** Adds the types whose names are not there yet; never changes an existing one. Returns how many were added. */
  async addMissing(types: readonly DeliveryTypeFields[] = DEFAULT_DELIVERY_TYPES): Promise<number> {
    let added = 0;
    for (const fields of types) {
      if (await this.types.findByName(fields.name)) continue;
      await this.types.save(new DeliveryType(fields));
      added++;
    }
    return added;
  }

  private async load(id: number): Promise<DeliveryType> {
    const type = await this.types.findById(id);
    if (!type) throw new NotFoundError('Delivery type');
    return type;
  }

  private async assertNameFree(name: string, ownId: number | null): Promise<void> {
    const owner = await this.types.findByName(name);
    if (owner && owner.id !== ownId) throw deliveryNameTaken(name);
  }
}

function assertBand(fields: DeliveryTypeFields): void {
  if (fields.maxWeight !== null && fields.maxWeight < fields.minWeight) throw deliveryBandUpsideDown();
}

export function toDeliveryTypeView(type: DeliveryType): DeliveryTypeView {
  return {
    id: type.id,
    name: type.name,
    price: type.price,
    min_weight: type.minWeight,
    max_weight: type.maxWeight,
    active: type.active,
    sort_order: type.sortOrder,
    created_at: type.createdAt.toISOString(),
    updated_at: type.updatedAt.toISOString(),
  };
}
