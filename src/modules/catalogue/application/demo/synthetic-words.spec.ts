import { NO_MATCH_TERM, SYNTHETIC_SUBJECTS, SYNTHETIC_VOCABULARY, syntheticCategory } from './synthetic-words.js';

describe('the synthetic vocabulary', () => {
  it('never contains the benchmark’s no-match term', () => {
    for (const word of SYNTHETIC_VOCABULARY) expect(word.toLowerCase()).not.toContain(NO_MATCH_TERM);
  });

  it('names categories "<subject> for <sector>" with unique slugs, numbered once the pairs run out', () => {
    const categories = Array.from({ length: 1000 }, (_, i) => syntheticCategory(i));
    expect(new Set(categories.map((c) => c.slug)).size).toBe(1000);
    expect(categories[0]).toEqual({ slug: 'manual-handling-for-construction', name: 'Manual Handling for Construction' });
    expect(categories[SYNTHETIC_SUBJECTS.length]!.name).toBe('Manual Handling for Warehousing');
    expect(categories[300]!.name).toBe('Manual Handling for Construction 2');
    for (const c of categories) expect(c.slug.length).toBeLessThanOrEqual(80);
  });
});
