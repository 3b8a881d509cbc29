import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { DeliveryTypeStore } from '../../application/ports/delivery-type-store.port.js';
import { deliveryNameTaken } from '../../domain/delivery-errors.js';
import { DeliveryType } from '../../domain/delivery-type.entity.js';

const ORDER = { sortOrder: 'asc', price: 'asc', id: 'asc' } as const;

@Injectable()
export class MikroOrmDeliveryTypeStore implements DeliveryTypeStore {
  constructor(private readonly em: EntityManager) {}

  list(): Promise<DeliveryType[]> {
    return this.em.find(DeliveryType, {}, { orderBy: ORDER });
  }

  listActive(): Promise<DeliveryType[]> {
    return this.em.find(DeliveryType, { active: true }, { orderBy: ORDER });
  }

  findById(id: number): Promise<DeliveryType | null> {
    return this.em.findOne(DeliveryType, { id });
  }

  findByName(name: string): Promise<DeliveryType | null> {
    return this.em.findOne(DeliveryType, { name });
  }

  async save(type: DeliveryType): Promise<void> {
    try {
      await this.em.persist(type).flush();
    } catch (error) {
      // The only unique index is the name: two saves racing for it end here, not in a 500.
      if (error instanceof UniqueConstraintViolationException) throw deliveryNameTaken(type.name);
      throw error;
    }
  }

  async remove(type: DeliveryType): Promise<void> {
    await this.em.remove(type).flush();
  }
}
