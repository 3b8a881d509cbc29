import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { SearchTableMaintenance, SearchTableOrder } from '../../application/ports/search-table-maintenance.port.js';

/**
 * `product_search`'s order in SQL. Out of order is counted exactly, over the rows in ctid (physical) order, rather
 * than read from `pg_stats.correlation`: that is a sample, and only as fresh as the last ANALYZE.
 */
@Injectable()
export class SqlSearchTableMaintenance implements SearchTableMaintenance {
  constructor(private readonly em: EntityManager) {}

  async measureOrder(): Promise<SearchTableOrder> {
    const [row] = await this.em.getConnection().execute<Array<{ rows: number; out_of_order: number }>>(
      `select count(*)::int as rows, count(*) filter (where category_set_id < previous)::int as out_of_order
       from (select category_set_id, lag(category_set_id) over (order by ctid) as previous from product_search) as physical`,
    );
    return { rows: Number(row?.rows ?? 0), outOfOrder: Number(row?.out_of_order ?? 0) };
  }

  async reclusterAndAnalyze(): Promise<void> {
    // The index named, not remembered: a CLUSTER by hand on another index must not change what this one does.
    await this.em.getConnection().execute('cluster product_search using product_search_category_set_index');
    await this.em.getConnection().execute('analyze product_search');
  }
}
