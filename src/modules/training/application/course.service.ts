import { Inject, Injectable } from '@nestjs/common';
import { ProductAdminService } from '../../catalogue/index.js';
import { requestedRange, type RangedFile } from '../../../platform/http/index.js';
import { FILE_STORAGE, type FileStorage } from '../../../platform/storage/index.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import type { CourseForLearning } from './course-views.js';
import { COURSE_STORE, type CourseStore } from './ports/course-store.port.js';

export type { CourseForLearning } from './course-views.js';

/**
 * A product's course as the application uses it: the learner slice (player, assessment) and staff's preview of the
 * film. No access check here — who may watch is the caller's decision (the learner's enrolment, the staff guard).
 */
@Injectable()
export class CourseService {
  constructor(
    @Inject(COURSE_STORE) private readonly courses: CourseStore,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly products: ProductAdminService,
  ) {}

  /** The course of a product, with the correct answers (for checking on the server); null when it has none. */
  async course(productId: number): Promise<CourseForLearning | null> {
    const course = await this.courses.find(productId);
    if (!course) return null;
    const product = await this.products.get(productId);
    return {
      productId, title: product.title, accreditation: course.accreditation ?? product.accreditation,
      film: course.film, duration: course.duration, chapters: course.chapters, questions: course.questions,
      passMark: course.passMark, validityMonths: course.validityMonths,
    };
  }

  /**
   * The course's film, whole or the part a `Range` header asks for (416 past the end), for `sendRanged`; NotFound when
   * the product has no course or no film.
   */
  async openFilm(productId: number, rangeHeader?: string): Promise<RangedFile> {
    const film = (await this.courses.find(productId))?.film;
    const info = film ? await this.storage.stat(film.key) : null;
    if (!film || !info) throw new NotFoundError('Course film');
    const range = requestedRange(rangeHeader, info.size);
    const object = await this.storage.get(film.key, range ?? undefined);
    if (!object) throw new NotFoundError('Course film');
    return { body: object.body, contentType: film.contentType, size: object.size, range };
  }
}
