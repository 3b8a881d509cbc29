import { EntityManager, ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../../shared/domain-error.js';
import type { ProductMediaStore } from '../../application/ports/product-media-store.port.js';
import { ProductFile, ProductImage, ProductVideo } from '../../domain/product-media.entity.js';
import { ProductOption } from '../../domain/product-option.entity.js';

@Injectable()
export class MikroOrmProductMediaStore implements ProductMediaStore {
  constructor(private readonly em: EntityManager) {}

  images(productId: number): Promise<ProductImage[]> {
    return this.em.find(ProductImage, { productId }, { orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
  }

  findImage(productId: number, imageId: number): Promise<ProductImage | null> {
    return this.em.findOne(ProductImage, { id: imageId, productId });
  }

  videos(productId: number): Promise<ProductVideo[]> {
    return this.em.find(ProductVideo, { productId }, { orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
  }

  findVideo(productId: number, videoId: number): Promise<ProductVideo | null> {
    return this.em.findOne(ProductVideo, { id: videoId, productId });
  }

  files(productId: number): Promise<ProductFile[]> {
    return this.em.find(ProductFile, { productId }, { orderBy: [{ name: 'asc' }, { id: 'asc' }] });
  }

  findFile(productId: number, fileId: number): Promise<ProductFile | null> {
    return this.em.findOne(ProductFile, { id: fileId, productId });
  }

  async nextSortOrder(kind: 'image' | 'video', productId: number): Promise<number> {
    const table = kind === 'image' ? 'product_images' : 'product_videos';
    const [row] = await this.em.getConnection().execute<Array<{ next: number }>>(
      `select (coalesce(max(sort_order), -1) + 1)::int as next from ${table} where product_id = ?`,
      [productId], 'all', this.em.getTransactionContext(),
    );
    return row?.next ?? 0;
  }

  async optionsUnlocking(fileId: number): Promise<string[]> {
    const options = await this.em.find(ProductOption, { fileId }, { fields: ['code'], orderBy: { code: 'asc' } });
    return options.map((option) => option.code);
  }

  async storageKeys(productId: number): Promise<string[]> {
    const rows = await this.em.getConnection().execute<Array<{ key: string }>>(
      `select storage_key as key from product_images where product_id = ?
       union all select storage_key from product_videos where product_id = ? and storage_key is not null
       union all select storage_key from product_files where product_id = ?`,
      [productId, productId, productId], 'all', this.em.getTransactionContext(),
    );
    return (rows as Array<{ key: string }>).map((row) => row.key);
  }

  async save(row: ProductImage | ProductVideo | ProductFile): Promise<void> {
    try {
      await this.em.persist(row).flush();
    } catch (error) {
      // The product was deleted while its upload was on the way.
      if (error instanceof ForeignKeyConstraintViolationException) throw new NotFoundError('Product');
      throw error;
    }
  }

  async remove(row: ProductImage | ProductVideo | ProductFile): Promise<void> {
    await this.em.remove(row).flush();
  }
}
