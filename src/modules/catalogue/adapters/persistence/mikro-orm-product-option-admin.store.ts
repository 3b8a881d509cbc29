import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { optionCodeTaken } from '../../domain/catalogue-admin-errors.js';
import type { ProductOptionAdminStore } from '../../application/ports/product-option-admin-store.port.js';
import { ProductOption } from '../../domain/product-option.entity.js';

@Injectable()
export class MikroOrmProductOptionAdminStore implements ProductOptionAdminStore {
  constructor(private readonly em: EntityManager) {}

  options(productId: number): Promise<ProductOption[]> {
    return this.em.find(ProductOption, { productId }, { orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
  }

  findOption(productId: number, optionId: number): Promise<ProductOption | null> {
    return this.em.findOne(ProductOption, { id: optionId, productId });
  }

  findOptionByCode(code: string): Promise<ProductOption | null> {
    return this.em.findOne(ProductOption, { code });
  }

  async saveOption(option: ProductOption): Promise<void> {
    try {
      await this.em.persist(option).flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw optionCodeTaken(option.code);
      throw error;
    }
  }

  async removeOption(option: ProductOption): Promise<void> {
    await this.em.remove(option).flush();
  }
}
