import { Inject, Injectable } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../../config/project-root.js';
import { CatalogueSeeder } from '../../../catalogue/index.js';
import { Transactions } from '../../../../platform/persistence/index.js';
import { FILE_STORAGE, newStorageKey, type FileStorage } from '../../../../platform/storage/index.js';
import { COURSE_STORE, type CourseStore } from '../ports/course-store.port.js';
import { DEMO_FILMS, DEMO_PASS_MARK, DEMO_VALIDITY_MONTHS } from './demo-courses.js';

/** Where the committed demo films are (made once by scripts/demo-films.mjs: the demo needs no ffmpeg). */
export const DEMO_FILMS_DIRECTORY = path.join(PROJECT_ROOT, 'assets', 'demo-films');

/**
 * Course content for every demo product with an `online_access` option (product.md "Demo data"): one of three short
 * films (stored through FILE_STORAGE, as staff's uploads are), its 2–3 chapters and 5 questions, pass mark 80%,
 * validity 12, 24 or 36 months. Products that already have a course are kept as they are, so seeding twice adds nothing.
 */
@Injectable()
export class DemoCourseSeeder {
  constructor(
    @Inject(COURSE_STORE) private readonly courses: CourseStore,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly catalogue: CatalogueSeeder,
    private readonly transactions: Transactions,
  ) {}

  /** Answers how many courses it added. */
  async seed(now = new Date()): Promise<number> {
    const products = await this.catalogue.demoProductsWith('online_access');
    let added = 0;
    for (const [index, product] of products.entries()) {
      if (await this.courses.find(product.id)) continue;
      const film = DEMO_FILMS[index % DEMO_FILMS.length]!;
      const file = path.join(DEMO_FILMS_DIRECTORY, film.file);
      const size = (await stat(file)).size;
      const key = newStorageKey('private', `training/${product.id}/films`, 'webm');
      await this.storage.putStream(key, createReadStream(file), 'video/webm', { size });
      await this.transactions.run(async () => {
        await this.courses.replace(product.id, {
          duration: film.seconds, chapters: film.chapters, questions: film.questions, passMark: DEMO_PASS_MARK,
          validityMonths: DEMO_VALIDITY_MONTHS[index % DEMO_VALIDITY_MONTHS.length]!, accreditation: null,
        }, now);
        await this.courses.setFilm(product.id, { key, contentType: 'video/webm', size }, film.seconds, now);
      });
      added += 1;
    }
    return added;
  }
}
