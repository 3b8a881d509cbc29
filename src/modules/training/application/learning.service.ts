import { Inject, Injectable } from '@nestjs/common';
import type { RangedFile } from '../../../platform/http/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { EnrolmentNotFoundError } from '../domain/learning-errors.js';
import { assessmentOpen, creditReport, type ProgressReport } from '../domain/watched-time.js';
import { CourseService } from './course.service.js';
import type { PlayerView, ProgressView } from './learning-views.js';
import { LEARNING_STORE, type EnrolmentForLearning, type LearningStore } from './ports/learning-store.port.js';

/**
 * The learner's player (issue 26, ADR 0047): their course with where to resume, its film, and progress reports credited
 * by the wall clock. Every read is by enrolment *and* user: another person's enrolment is not found.
 */
@Injectable()
export class LearningService {
  constructor(
    @Inject(LEARNING_STORE) private readonly store: LearningStore,
    private readonly courses: CourseService,
    private readonly transactions: Transactions,
  ) {}

  async player(userId: number, enrolmentId: number): Promise<PlayerView> {
    const enrolment = await this.enrolment(userId, enrolmentId);
    const course = await this.courses.course(enrolment.productId);
    const duration = course?.duration ?? null;
    return {
      id: enrolment.id,
      title: course?.title ?? 'Course',
      video_url: course?.film ? `/api/learn/${enrolment.id}/film` : null,
      chapters: course?.chapters ?? [],
      position: enrolment.positionSeconds,
      watched_seconds: enrolment.watchedSeconds,
      duration,
      assessment_open: enrolment.status === 'enrolled' && (course?.questions.length ?? 0) > 0 && assessmentOpen(enrolment.watchedSeconds, duration),
      status: enrolment.status === 'completed' ? 'completed' : 'enrolled',
      score: enrolment.score,
      certificate_code: enrolment.certificateCode,
    };
  }

  /** The course film for its learner only (whole or the Range asked for). */
  async film(userId: number, enrolmentId: number, rangeHeader?: string): Promise<RangedFile> {
    const enrolment = await this.enrolment(userId, enrolmentId);
    return this.courses.openFilm(enrolment.productId, rangeHeader);
  }

  /**
   * Credits a report under the enrolment's row lock, so two reports racing for one enrolment are counted one after
   * the other against the same clock (neither lost nor doubled). The enrolment is read once, locked, and of the course
   * only the film's length: a player sends one every 30 s, so at 10,000 learners this runs ~333 times a second (ADR 0056).
   */
  async report(userId: number, enrolmentId: number, report: ProgressReport, now = new Date()): Promise<ProgressView> {
    return this.transactions.run(async () => {
      const enrolment = await this.store.findForLearner(userId, enrolmentId, true);
      if (!enrolment) throw new EnrolmentNotFoundError();
      const duration = await this.courses.duration(enrolment.productId);
      const credited = creditReport({ ranges: enrolment.watchedRanges, lastProgressAt: enrolment.lastProgressAt }, report, duration, now);
      await this.store.saveProgress(enrolment.id, { position: credited.position, watchedSeconds: credited.watchedSeconds, ranges: credited.ranges, at: now });
      return {
        position: credited.position, watched_seconds: credited.watchedSeconds, duration, credited: credited.credited,
        assessment_open: enrolment.status === 'enrolled' && assessmentOpen(credited.watchedSeconds, duration),
      };
    });
  }

  private async enrolment(userId: number, enrolmentId: number): Promise<EnrolmentForLearning> {
    const enrolment = await this.store.findForLearner(userId, enrolmentId, false);
    if (!enrolment) throw new EnrolmentNotFoundError();
    return enrolment;
  }
}
