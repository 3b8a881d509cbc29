import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { courseDraftProblems } from '../../domain/course-content.js';
import { DEMO_FILMS_DIRECTORY } from './demo-course.seeder.js';
import { DEMO_FILMS, DEMO_PASS_MARK, DEMO_VALIDITY_MONTHS } from './demo-courses.js';

describe('demo courses', () => {
  it.each(DEMO_FILMS.map((film) => [film.file, film]))('%s keeps the course rules and the demo\'s promise', (_file, film) => {
    expect(film.seconds).toBeLessThanOrEqual(30);
    expect(film.chapters.length).toBeGreaterThanOrEqual(2);
    expect(film.chapters.length).toBeLessThanOrEqual(3);
    expect(film.questions).toHaveLength(5);
    for (const validity_months of DEMO_VALIDITY_MONTHS) {
      expect(courseDraftProblems({ duration: film.seconds, chapters: film.chapters, questions: film.questions, pass_mark: DEMO_PASS_MARK, validity_months, accreditation: null })).toEqual({});
    }
    const file = path.join(DEMO_FILMS_DIRECTORY, film.file);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeLessThan(300 * 1024);
  });
});
