import 'reflect-metadata';
import { parseSeoEntryInput, seoHeaderProblem } from './seo-entry.input.js';

describe('SEO entry input (the admin API and shop seo:seed)', () => {
  const good = { path: '/category/posters', title: 'Safety Posters', description: 'Laminated A2 and A3 posters' };

  it('accepts a good row, trimmed', async () => {
    expect(await parseSeoEntryInput({ ...good, title: '  Safety Posters  ' })).toEqual({ input: expect.objectContaining({ ...good }) });
  });

  it('says an empty title or description is empty, not that it is too long', async () => {
    expect(await parseSeoEntryInput({ ...good, title: '   ', description: '' })).toEqual({
      errors: {
        title: ['The title is empty; enter one of at most 200 characters.'],
        description: ['The description is empty; enter one of at most 500 characters.'],
      },
    });
  });

  it('says a long title or description may be at most so many characters', async () => {
    expect(await parseSeoEntryInput({ ...good, title: 'x'.repeat(201), description: 'y'.repeat(501) })).toEqual({
      errors: { title: ['The title may be at most 200 characters.'], description: ['The description may be at most 500 characters.'] },
    });
    expect('input' in (await parseSeoEntryInput({ ...good, title: 'x'.repeat(200), description: 'y'.repeat(500) }))).toBe(true);
  });

  it('gives one reason for a missing title', async () => {
    expect(await parseSeoEntryInput({ path: good.path, description: good.description })).toEqual({ errors: { title: ['Enter a title.'] } });
  });

  describe('the CSV header', () => {
    it('accepts the three columns in any order, with the optional two, in any case', () => {
      expect(seoHeaderProblem(['path', 'title', 'description'])).toBeNull();
      expect(seoHeaderProblem(['Description', ' TITLE ', 'path', 'share_image', 'canonical_url'])).toBeNull();
    });

    it('names what is missing, unknown or repeated in one sentence', () => {
      expect(seoHeaderProblem(['url', 'title', 'desc'])).toBe(
        'the header row must be path,title,description (optionally also canonical_url, share_image), but it lacks path, description; ' +
        'it has unknown column(s) "url", "desc". Nothing was saved.',
      );
      expect(seoHeaderProblem(['path', 'title', 'description', 'title'])).toMatch(/but it names title twice\. Nothing was saved\.$/);
    });
  });
});
