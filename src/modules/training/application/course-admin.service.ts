import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProductAdminService } from '../../catalogue/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { FILE_STORAGE, newStorageKey, type FileStorage } from '../../../platform/storage/index.js';
import { courseDraftProblems, toCourseDraft, type Chapter, type Question } from '../domain/course-content.js';
import { InvalidCourseError } from '../domain/training-errors.js';
import { adminCourseView, type AdminCourseView } from './course-views.js';
import { COURSE_STORE, type CourseStore } from './ports/course-store.port.js';
import type { Readable } from 'node:stream';

/** The course as staff send it (`PUT`): checked whole by the domain's rules, paths and all. */
export interface CourseInput {
  duration: unknown;
  chapters: unknown;
  questions: unknown;
  pass_mark: unknown;
  validity_months: unknown;
  accreditation: unknown;
}

/** A film already checked by the HTTP edge (sniffed MP4/WebM, ≤ 200 MB) and spooled to disk. */
export interface FilmUpload {
  contentType: string;
  extension: string;
  size: number;
  open(): Readable;
}

/**
 * Course content for staff (product.md "Course content"): read, replace whole, upload the film. The film is stored
 * privately under the product like an uploaded product video, but it is never one of the product's videos: the
 * storefront and the preview clip never see it.
 */
@Injectable()
export class CourseAdminService {
  private readonly logger = new Logger('CourseAdmin');

  constructor(
    @Inject(COURSE_STORE) private readonly courses: CourseStore,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly products: ProductAdminService,
    private readonly transactions: Transactions,
  ) {}

  async get(productId: number): Promise<AdminCourseView> {
    const product = await this.products.get(productId); // 404 for an unknown product
    return adminCourseView(productId, await this.courses.find(productId), hasOnlineAccess(product.options));
  }

  /** Replaces the settings, chapters and questions in one transaction; every broken rule is a 422 at once. */
  async save(productId: number, input: CourseInput, now = new Date()): Promise<AdminCourseView> {
    const product = await this.products.get(productId);
    const problems = courseDraftProblems(input);
    if (Object.keys(problems).length > 0) throw new InvalidCourseError(problems);
    const draft = toCourseDraft(input as { duration: number | null; chapters: Chapter[]; questions: Question[]; pass_mark: number; validity_months: number | null; accreditation: string | null });
    await this.transactions.run(() => this.courses.replace(productId, draft, now));
    return adminCourseView(productId, await this.courses.find(productId), hasOnlineAccess(product.options));
  }

  /**
   * Stores a new film (streamed from the spool into FILE_STORAGE), then points the course at it and deletes the old
   * one. `duration` is the editor's reading of the film (the browser's `<video>` metadata, ADR 0041); without it the
   * course keeps the duration it had.
   */
  async uploadFilm(productId: number, film: FilmUpload, duration: number | null, now = new Date()): Promise<AdminCourseView> {
    const product = await this.products.get(productId);
    // A shorter film must not leave chapters past its end (the rule PUT checks): refused before anything is stored.
    const late = duration === null ? undefined : (await this.courses.find(productId))?.chapters.find((chapter) => chapter.start >= duration);
    if (late) {
      throw new InvalidCourseError({ duration: [`The chapter "${late.title}" starts at ${late.start} s, past the end of this ${duration} s film: change the chapters first.`] });
    }
    const key = newStorageKey('private', `training/${productId}/films`, film.extension);
    await this.storage.putStream(key, film.open(), film.contentType, { size: film.size });
    let replaced: string | null;
    try {
      replaced = await this.transactions.run(() => this.courses.setFilm(productId, { key, contentType: film.contentType, size: film.size }, duration, now));
    } catch (error) {
      await this.forget(key);
      throw error;
    }
    if (replaced && replaced !== key) await this.forget(replaced);
    return adminCourseView(productId, await this.courses.find(productId), hasOnlineAccess(product.options));
  }

  /** A failed delete leaves an orphan nothing links to: logged, not raised (the change itself succeeded). */
  private async forget(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.warn(`Could not delete stored film ${key}: ${(error as Error).message}`);
    }
  }
}

function hasOnlineAccess(options: ReadonlyArray<{ kind: string }>): boolean {
  return options.some((option) => option.kind === 'online_access');
}
