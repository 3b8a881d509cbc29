import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { CourseDraft } from '../../domain/course-content.js';
import type { CourseRecord, CourseStore, StoredFilm } from '../../application/ports/course-store.port.js';

interface CourseRow {
  product_id: number; film_key: string | null; film_content_type: string | null; film_size: string | number | null; duration_seconds: number | null;
  pass_mark: number; validity_months: number | null; accreditation: string | null; updated_at: Date | string;
}

/**
 * Course content in plain SQL: four small tables read in four queries, and replaced whole on save (staff save a
 * course a few times in its life; the learner slice reads it through the service).
 */
@Injectable()
export class SqlCourseStore implements CourseStore {
  constructor(private readonly em: EntityManager) {}

  async find(productId: number): Promise<CourseRecord | null> {
    const [course] = await this.query<CourseRow>('select * from training_courses where product_id = ?', [productId]);
    if (!course) return null;
    const chapters = await this.query<{ title: string; start_second: number }>(
      'select title, start_second from training_chapters where product_id = ? order by position', [productId]);
    const questions = await this.query<{ id: number; text: string }>(
      'select id, text from training_questions where product_id = ? order by position', [productId]);
    const answers = await this.query<{ id: number; question_id: number; text: string; correct: boolean }>(
      `select a.id, a.question_id, a.text, a.correct from training_answers a join training_questions q on q.id = a.question_id
        where q.product_id = ? order by a.question_id, a.position`, [productId]);
    return {
      productId: Number(course.product_id),
      film: course.film_key ? { key: course.film_key, contentType: course.film_content_type ?? 'application/octet-stream', size: Number(course.film_size ?? 0) } : null,
      duration: course.duration_seconds === null ? null : Number(course.duration_seconds),
      passMark: Number(course.pass_mark),
      validityMonths: course.validity_months === null ? null : Number(course.validity_months),
      accreditation: course.accreditation,
      updatedAt: new Date(course.updated_at),
      chapters: chapters.map((c) => ({ title: c.title, start: Number(c.start_second) })),
      questions: questions.map((q) => ({
        id: Number(q.id), text: q.text,
        answers: answers.filter((a) => Number(a.question_id) === Number(q.id)).map((a) => ({ id: Number(a.id), text: a.text, correct: Boolean(a.correct) })),
      })),
    };
  }

  async replace(productId: number, draft: CourseDraft, now: Date): Promise<void> {
    await this.query(
      `insert into training_courses (product_id, duration_seconds, pass_mark, validity_months, accreditation, updated_at) values (?, ?, ?, ?, ?, ?)
       on conflict (product_id) do update set duration_seconds = excluded.duration_seconds, pass_mark = excluded.pass_mark,
         validity_months = excluded.validity_months, accreditation = excluded.accreditation, updated_at = excluded.updated_at`,
      [productId, draft.duration, draft.passMark, draft.validityMonths, draft.accreditation, now]);
    await this.query('delete from training_chapters where product_id = ?', [productId]);
    await this.query('delete from training_questions where product_id = ?', [productId]);
    if (draft.chapters.length > 0) {
      await this.query(
        `insert into training_chapters (product_id, position, title, start_second) values ${draft.chapters.map(() => '(?, ?, ?, ?)').join(', ')}`,
        draft.chapters.flatMap((c, i) => [productId, i, c.title, c.start]));
    }
    for (const [i, question] of draft.questions.entries()) {
      const [row] = await this.query<{ id: number }>(
        'insert into training_questions (product_id, position, text) values (?, ?, ?) returning id', [productId, i, question.text]);
      await this.query(
        `insert into training_answers (question_id, position, text, correct) values ${question.answers.map(() => '(?, ?, ?, ?)').join(', ')}`,
        question.answers.flatMap((a, j) => [row!.id, j, a.text, a.correct]));
    }
  }

  async setFilm(productId: number, film: StoredFilm, duration: number | null, now: Date): Promise<string | null> {
    const [before] = await this.query<{ film_key: string | null }>('select film_key from training_courses where product_id = ? for update', [productId]);
    await this.query(
      `insert into training_courses (product_id, film_key, film_content_type, film_size, duration_seconds, updated_at) values (?, ?, ?, ?, ?, ?)
       on conflict (product_id) do update set film_key = excluded.film_key, film_content_type = excluded.film_content_type,
         film_size = excluded.film_size, duration_seconds = coalesce(excluded.duration_seconds, training_courses.duration_seconds),
         updated_at = excluded.updated_at`,
      [productId, film.key, film.contentType, film.size, duration, now]);
    return before?.film_key ?? null;
  }

  private query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
