import { findCategoryIn, stockState } from './catalogue.js';
import { listHeading, listHref, pageWindow, parseListParams, topFacetValues } from './catalogue-list.js';

describe('parseListParams', () => {
  it('reads good values', () => {
    expect(parseListParams({ search: '  manual   handling ', brand: '3', kind: 'download', sort: '-price', page: '2', per_page: '48' })).toEqual({
      search: 'manual handling', brand: 3, kind: 'download', sort: '-price', page: 2, perPage: 48,
    });
  });

  it.each([
    [{ page: 'abc' }, { page: 1, perPage: 24 }],
    [{ page: '0' }, { page: 1, perPage: 24 }],
    [{ page: '-1' }, { page: 1, perPage: 24 }],
    [{ page: '10001' }, { page: 1, perPage: 24 }],
    [{ page: '1e3' }, { page: 1, perPage: 24 }],
    [{ per_page: '500' }, { page: 1, perPage: 24 }],
    [{ per_page: '0' }, { page: 1, perPage: 24 }],
    [{ sort: 'bogus' }, { page: 1, perPage: 24 }],
    [{ sort: 'relevance' }, { page: 1, perPage: 24 }],
    [{ kind: 'vinyl' }, { page: 1, perPage: 24 }],
    [{ brand: 'x' }, { page: 1, perPage: 24 }],
    [{ brand: '99999999999' }, { page: 1, perPage: 24 }],
    [{ search: '   ' }, { page: 1, perPage: 24 }],
  ])('drops what does not parse: %j', (query, expected) => {
    expect(parseListParams(query)).toEqual(expected);
  });

  it('keeps relevance for a search and bounds the search length', () => {
    expect(parseListParams({ search: 'fire', sort: 'relevance' }).sort).toBe('relevance');
    expect(parseListParams({ search: 'x'.repeat(500) }).search).toHaveLength(200);
  });
});

describe('listHref', () => {
  const params = parseListParams({ search: 'fire & safety', brand: '2', sort: 'price', page: '3' });

  it('keeps the other parameters and starts again at page 1 on any change but the page', () => {
    expect(listHref('/category', params, { kind: 'course' })).toBe('/category?search=fire+%26+safety&brand=2&kind=course&sort=price');
    expect(listHref('/category', params, { brand: undefined })).toBe('/category?search=fire+%26+safety&sort=price');
    expect(listHref('/category', params, { page: 4 })).toBe('/category?search=fire+%26+safety&brand=2&sort=price&page=4');
  });

  it('leaves defaults out, so each list has one address', () => {
    expect(listHref('/category/posters', parseListParams({ sort: 'newest', page: '1', per_page: '24' }))).toBe('/category/posters');
    expect(listHref('/category', parseListParams({ search: 'fire' }), { sort: 'relevance' })).toBe('/category?search=fire');
    expect(listHref('/category', parseListParams({ search: 'fire' }), { sort: 'newest' })).toBe('/category?search=fire&sort=newest');
  });
});

describe('findCategoryIn', () => {
  const categories = [{ id: 1, slug: 'training-dvds' }, { id: 12, slug: 'posters' }];
  it('finds by slug or numeric id, nothing else', () => {
    expect(findCategoryIn(categories, 'posters')?.id).toBe(12);
    expect(findCategoryIn(categories, '12')?.slug).toBe('posters');
    expect(findCategoryIn(categories, '012')).toBeUndefined();
    expect(findCategoryIn(categories, 'nope')).toBeUndefined();
  });
});

describe('listHeading', () => {
  it('names the list', () => {
    expect(listHeading({ name: 'Training DVDs' }, undefined)).toBe('Training DVDs');
    expect(listHeading(null, 'fire')).toBe('Search results for “fire”');
    expect(listHeading({ name: 'Posters' }, 'fire')).toBe('Search results for “fire” in Posters');
    expect(listHeading(null, undefined)).toBe('All products');
  });
});

describe('stockState', () => {
  it.each([
    [null, 'In stock', 'in'],
    [100, 'In stock', 'in'],
    [6, 'In stock', 'in'],
    [5, 'Only 5 left', 'low'],
    [1, 'Only 1 left', 'low'],
    [0, 'Out of stock', 'out'],
  ] as const)('qty %p → %s', (qty, label, level) => {
    expect(stockState(qty)).toMatchObject({ label, level, available: level !== 'out' });
  });
});

describe('pageWindow', () => {
  it('links the first, the last and two either side of the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 40)).toEqual([1, null, 4, 5, 6, 7, 8, null, 40]);
    expect(pageWindow(4, 40)).toEqual([1, 2, 3, 4, 5, 6, null, 40]);
    expect(pageWindow(40, 40)).toEqual([1, null, 38, 39, 40]);
  });
});

describe('topFacetValues', () => {
  const values = [
    { slug: 'a', count: 1 }, { slug: 'b', count: 9 }, { slug: 'c', count: 5 }, { slug: 'd', count: 7 }, { slug: 'e', count: 2 },
  ];

  it('keeps the values with most products, in their given order', () => {
    expect(topFacetValues(values, 3, () => false).map((v) => v.slug)).toEqual(['b', 'c', 'd']);
  });

  it('always keeps the chosen value', () => {
    expect(topFacetValues(values, 2, (v) => v.slug === 'a').map((v) => v.slug)).toEqual(['a', 'b', 'd']);
  });

  it('keeps everything when there are few values', () => {
    expect(topFacetValues(values, 5, () => false)).toHaveLength(5);
  });
});
