import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { CatalogueReads } from '../../application/ports/catalogue-reads.port.js';
import { Brand } from '../../domain/brand.entity.js';
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
}
