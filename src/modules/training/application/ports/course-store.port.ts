import type { CourseDraft } from '../../domain/course-content.js';

/** A stored film: where FILE_STORAGE keeps it and what it is. */
export interface StoredFilm {
  key: string;
  contentType: string;
  size: number;
}

/** A course as stored, with its ids (the learner slice answers by answer id). */
export interface CourseRecord {
  productId: number;
  film: StoredFilm | null;
  duration: number | null;
  passMark: number;
  validityMonths: number | null;
  accreditation: string | null;
  updatedAt: Date;
  chapters: Array<{ title: string; start: number }>;
  questions: Array<{ id: number; text: string; answers: Array<{ id: number; text: string; correct: boolean }> }>;
}

/** Course content per product: plain SQL rows (training_courses and its chapters, questions, answers). */
export interface CourseStore {
  find(productId: number): Promise<CourseRecord | null>;
  /** Creates the course or replaces its settings, chapters and questions whole (the caller's transaction). */
  replace(productId: number, draft: CourseDraft, now: Date): Promise<void>;
  /** Points the course (created if need be) at a new film; answers the key of the film it replaced. */
  setFilm(productId: number, film: StoredFilm, duration: number | null, now: Date): Promise<string | null>;
}

export const COURSE_STORE = Symbol('CourseStore');
