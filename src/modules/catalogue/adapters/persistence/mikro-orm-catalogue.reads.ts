import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { CatalogueReads, ProductParts } from '../../application/ports/catalogue-reads.port.js';
import { Brand } from '../../domain/brand.entity.js';
import { Category } from '../../domain/category.entity.js';
import { ProductImage, ProductVideo } from '../../domain/product-media.entity.js';
import { ProductOption } from '../../domain/product-option.entity.js';
import { Product, ProductCategory } from '../../domain/product.entity.js';
import { SqlCatalogueReads } from './sql-catalogue.reads.js';

/**
 * The shop's CatalogueReads: the hand-written SQL of SqlCatalogueReads run through MikroORM's connection (in
 * the request's context and its transaction, when there is one), and the reads that load entities.
 */
@Injectable()
export class MikroOrmCatalogueReads extends SqlCatalogueReads implements CatalogueReads {
  constructor(private readonly em: EntityManager) {
    super(<Row,>(sql: string, params: unknown[]) => em.getConnection().execute<Row[]>(sql, params, 'all', em.getTransactionContext()));
  }

  brands(): Promise<Brand[]> {
    return this.em.find(Brand, {}, { orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }] });
  }

  findProduct(slugOrId: string | number): Promise<Product | null> {
    return this.em.findOne(Product, typeof slugOrId === 'number' ? { id: slugOrId } : { slug: slugOrId });
  }

  async productParts(product: Product): Promise<ProductParts> {
    const links = await this.em.find(ProductCategory, { productId: product.id });
    const categories = links.length === 0
      ? []
      : await this.em.find(Category, { id: { $in: links.map((link) => link.categoryId) } }, { orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }] });
    const brand = product.brandId === null ? null : await this.em.findOne(Brand, { id: product.brandId });
    const options = await this.em.find(ProductOption, { productId: product.id }, { orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
    const images = await this.em.find(ProductImage, { productId: product.id }, { orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
    const videos = await this.em.find(ProductVideo, { productId: product.id }, { orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
    return { brand, categories, options, images, videos };
  }
}
