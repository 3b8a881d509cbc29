import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { DownloadFileRow, DownloadFileStore } from '../../application/ports/download-file-store.port.js';

@Injectable()
export class SqlDownloadFileStore implements DownloadFileStore {
  constructor(private readonly em: EntityManager) {}

  async filesOfOptions(optionIds: readonly number[]): Promise<DownloadFileRow[]> {
    if (optionIds.length === 0) return [];
    const rows = await this.em.getConnection().execute<
      Array<{ option_id: number; file_id: number; product_title: string; name: string; size: number; content_type: string; storage_key: string }>
    >(
      `select o.id as option_id, f.id as file_id, p.title as product_title, f.name, f.size, f.content_type, f.storage_key
         from product_options o
         join product_files f on f.id = o.file_id
         join products p on p.id = o.product_id
        where o.id in (${optionIds.map(() => '?').join(', ')}) and o.kind = 'download'`,
      [...optionIds], 'all', this.em.getTransactionContext(),
    );
    return rows.map((row: { option_id: number; file_id: number; product_title: string; name: string; size: number; content_type: string; storage_key: string }) => ({
      optionId: Number(row.option_id), fileId: Number(row.file_id), productTitle: row.product_title, name: row.name, size: Number(row.size),
      contentType: row.content_type, storageKey: row.storage_key,
    }));
  }
}
