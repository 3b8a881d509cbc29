import type { CourseRecord } from './ports/course-store.port.js';

/** The staff's view of a course (`GET/PUT /api/admin/products/{id}/course`). */
export interface AdminCourseView {
  product_id: number;
  /** The stored film, or null before one is uploaded; `url` streams it to staff (Range). */
  video: { url: string; content_type: string; size: number } | null;
  duration: number | null;
  chapters: Array<{ title: string; start: number }>;
  questions: Array<{ id: number; text: string; answers: Array<{ id: number; text: string; correct: boolean }> }>;
  pass_mark: number;
  validity_months: number | null;
  accreditation: string | null;
  /** Whether the product sells it online (an `online_access` option): the portal's hint when not. */
  online_access: boolean;
  updated_at: string | null;
}

/** What a product without course content answers: an empty course with the demo's usual pass mark. */
export const DEFAULT_PASS_MARK = 80;

export function adminCourseView(productId: number, course: CourseRecord | null, onlineAccess: boolean): AdminCourseView {
  return {
    product_id: productId,
    video: course?.film ? { url: `/api/admin/products/${productId}/course/film`, content_type: course.film.contentType, size: course.film.size } : null,
    duration: course?.duration ?? null,
    chapters: course?.chapters ?? [],
    questions: course?.questions ?? [],
    pass_mark: course?.passMark ?? DEFAULT_PASS_MARK,
    validity_months: course?.validityMonths ?? null,
    accreditation: course?.accreditation ?? null,
    online_access: onlineAccess,
    updated_at: course ? course.updatedAt.toISOString() : null,
  };
}

/**
 * A course as the learner slice needs it (the player, the assessment checked on the server): camelCase, not an
 * API view — the learner's API must never send `correct`.
 */
export interface CourseForLearning {
  productId: number;
  /** The product's title: what certificates and the learner's pages call the course. */
  title: string;
  /** The course's accreditation, else the product's. */
  accreditation: string | null;
  film: { key: string; contentType: string; size: number } | null;
  duration: number | null;
  chapters: Array<{ title: string; start: number }>;
  questions: Array<{ id: number; text: string; answers: Array<{ id: number; text: string; correct: boolean }> }>;
  passMark: number;
  validityMonths: number | null;
}
