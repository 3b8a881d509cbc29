import { StorefrontChanges } from '../../../platform/cache/index.js';
import { CategoryBrowseService } from './category-browse.service.js';
import type { CatalogueReads } from './ports/catalogue-reads.port.js';

type CategoryRow = Awaited<ReturnType<CatalogueReads['categoriesWithCounts']>>[number];

function row(id: number, slug: string): CategoryRow {
  return { id, slug, name: slug, description: '', product_count: 1 };
}

/** The reads port with only the categories' statement, counting how often it runs. */
function readsOf(rows: () => CategoryRow[]): CatalogueReads & { runs: number } {
  const reads = { runs: 0, categoriesWithCounts: async () => ((reads.runs += 1), rows()) };
  return reads as unknown as CatalogueReads & { runs: number };
}

describe('CategoryBrowseService.findCategory', () => {
  it('finds a category by id or slug, telling a number-like slug from an id', async () => {
    const service = new CategoryBrowseService(readsOf(() => [row(1, 'posters'), row(2, '123'), row(123, 'dvds')]));
    try {
      expect((await service.findCategory('posters'))?.id).toBe(1);
      expect((await service.findCategory('1'))?.slug).toBe('posters');
      expect((await service.findCategory('123'))?.slug).toBe('dvds'); // "123" is read as an id, as pages and the API do
      expect(await service.findCategory('nothing')).toBeNull();
      expect(await service.findCategory('7')).toBeNull();
    } finally {
      service.onModuleDestroy();
    }
  });

  it('answers from the cached list, and from the new list once a change was announced', async () => {
    let rows = [row(1, 'posters')];
    const reads = readsOf(() => rows);
    const service = new CategoryBrowseService(reads);
    try {
      expect((await service.findCategory('posters'))?.id).toBe(1);
      expect((await service.findCategory('posters'))?.id).toBe(1);
      expect(reads.runs).toBe(1);
      rows = [row(1, 'safety-posters'), row(2, 'dvds')];
      StorefrontChanges.heardFromElsewhere();
      expect(await service.findCategory('posters')).toBeNull();
      expect((await service.findCategory('safety-posters'))?.id).toBe(1);
      expect((await service.findCategory('2'))?.slug).toBe('dvds');
      expect(reads.runs).toBe(2);
    } finally {
      service.onModuleDestroy();
    }
  });
});
