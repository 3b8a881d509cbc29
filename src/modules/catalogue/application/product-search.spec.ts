import type { ProductCardRow, SearchSummary } from './ports/catalogue-reads.port.js';
import { correctableWords, FacetNaming, namedFacets, searchProducts, type SearchReads } from './product-search.js';

const card = (id: number) => ({ id }) as ProductCardRow;
const noCounts = { categories: [], brands: [], kinds: [] };
const summary = (total: number, page: ProductCardRow[] | null = null): SearchSummary => ({ total, counts: noCounts, page });

/** Reads that answer from a table of summaries by term, and log each call. */
function readsFor(summaries: Record<string, SearchSummary>, suggestions: Record<string, string> = {}) {
  const calls: string[] = [];
  const reads: SearchReads = {
    searchSummary: async (filter, walk) => {
      calls.push(`summary ${filter.search} ${walk ? 'walk' : 'no walk'}`);
      return summaries[filter.search] ?? summary(0);
    },
    searchPage: async (filter) => {
      calls.push(`page ${filter.search}`);
      return [card(1)];
    },
    listProducts: async (filter, sort) => {
      calls.push(`list ${filter.search} ${sort}`);
      return [card(2)];
    },
    suggestWords: async (words) => {
      calls.push(`suggest ${words.join(',')}`);
      return new Map(words.filter((word) => suggestions[word]).map((word) => [word, suggestions[word]!]));
    },
  };
  return { reads, calls };
}

describe('searchProducts', () => {
  it('takes a full walked page from the summary, and reads the ranked page when the walk fell short', async () => {
    const full = Array.from({ length: 2 }, (_, i) => card(i + 10));
    const walked = readsFor({ fire: summary(5, full) });
    expect((await searchProducts(walked.reads, { search: 'fire' }, 'relevance', 0, 2)).rows).toBe(full);
    expect(walked.calls).toEqual(['summary fire walk']);

    const short = readsFor({ fire: summary(5, [card(10)]) });
    expect((await searchProducts(short.reads, { search: 'fire' }, 'relevance', 0, 2)).rows).toEqual([card(1)]);
    expect(short.calls).toEqual(['summary fire walk', 'page fire']);
  });

  it('lists other sorts on products, without walking', async () => {
    const { reads, calls } = readsFor({ fire: summary(5) });
    expect((await searchProducts(reads, { search: 'fire' }, 'title', 0, 24)).rows).toEqual([card(2)]);
    expect(calls).toEqual(['summary fire no walk', 'list fire title']);
  });

  it('corrects a term that found nothing word by word, and says so', async () => {
    const { reads, calls } = readsFor({ 'manual handling': summary(3, null) }, { manul: 'manual', handling: 'handling' });
    const found = await searchProducts(reads, { search: 'Manul handling' }, 'relevance', 0, 24);
    expect(found).toMatchObject({ total: 3, correctedSearch: 'manual handling' });
    expect(calls).toEqual(['summary Manul handling walk', 'suggest manul,handling', 'summary manual handling walk', 'page manual handling']);
  });

  it('keeps the term as typed when no correction finds anything either', async () => {
    const { reads, calls } = readsFor({}, { zyzzyva: 'zebra' });
    expect(await searchProducts(reads, { search: 'zyzzyva' }, 'relevance', 0, 24))
      .toEqual({ rows: [], total: 0, correctedSearch: null, counts: noCounts });
    expect(calls).toEqual(['summary zyzzyva walk', 'suggest zyzzyva', 'summary zebra walk']);
  });

  it('looks up each word of three letters or more once, at most eight', () => {
    expect(correctableWords('Fire fire at "work" x1 -noise')).toEqual(['fire', 'work', 'noise']);
    expect(correctableWords('one two six ten aaa bbb ccc ddd eee fff')).toHaveLength(8);
    expect(correctableWords('a 12 --')).toEqual([]);
  });
});

describe('namedFacets', () => {
  it('names the counts in the order of the lists, and kinds alphabetically', () => {
    const counts = { categories: [{ id: 2, count: 5 }, { id: 1, count: 7 }], brands: [{ id: 9, count: 1 }], kinds: [{ id: 'physical' as const, count: 3 }, { id: 'download' as const, count: 4 }] };
    const categories = [{ id: 1, slug: 'dvds', name: 'DVDs' }, { id: 3, slug: 'posters', name: 'Posters' }, { id: 2, slug: 'courses', name: 'Courses' }];
    expect(namedFacets(counts, categories, [{ id: 9, name: 'Acme' }])).toEqual({
      categories: [{ id: 1, slug: 'dvds', name: 'DVDs', count: 7 }, { id: 2, slug: 'courses', name: 'Courses', count: 5 }],
      brands: [{ id: 9, name: 'Acme', count: 1 }],
      kinds: [{ id: 'download', name: 'download', count: 4 }, { id: 'physical', name: 'physical', count: 3 }],
    });
  });
});

describe('FacetNaming', () => {
  const categories = [{ id: 1, slug: 'dvds', name: 'DVDs' }, { id: 2, slug: 'courses', name: 'Courses' }];
  const brands = [{ id: 9, name: 'Acme' }];
  const counts = () => ({ categories: [{ id: 2, count: 5 }, { id: 1, count: 7 }], brands: [{ id: 9, count: 1 }], kinds: [{ id: 'course' as const, count: 2 }] });

  it('names as namedFacets does, once per counts list: the same counts give the same named lists', () => {
    const naming = new FacetNaming();
    const kept = counts();
    const first = naming.name(kept, categories, brands);
    expect(first).toEqual(namedFacets(kept, categories, brands));
    // Another list with the same kept counts for categories (a list's come interned) but other brand counts.
    const next = naming.name({ ...kept, brands: [{ id: 9, count: 4 }] }, categories, brands);
    expect(next.categories).toBe(first.categories);
    expect(next.kinds).toBe(first.kinds);
    expect(next.brands).toEqual([{ id: 9, name: 'Acme', count: 4 }]);
  });

  it('names again for new counts, and when the category or brand list was refreshed', () => {
    const naming = new FacetNaming();
    const kept = counts();
    const first = naming.name(kept, categories, brands);
    // Equal counts in new arrays (a search's, or counts that changed) are named afresh, never taken for old ones.
    expect(naming.name(counts(), categories, brands).categories).not.toBe(first.categories);
    const renamed = [{ id: 1, slug: 'dvds', name: 'Films' }, categories[1]!];
    expect(naming.name(kept, renamed, brands).categories).toEqual([
      { id: 1, slug: 'dvds', name: 'Films', count: 7 }, { id: 2, slug: 'courses', name: 'Courses', count: 5 },
    ]);
    expect(naming.name(kept, categories, [{ id: 9, name: 'Acme Ltd' }]).brands).toEqual([{ id: 9, name: 'Acme Ltd', count: 1 }]);
  });
});
