import { Inject, Injectable } from '@nestjs/common';
import type { RangedFile } from '../../../platform/http/index.js';
import { Transactions } from '../../../platform/persistence/index.js';
import { EnrolmentNotFoundError } from '../domain/learning-errors.js';
import { assessmentOpen, creditReport, type CreditedProgress, type ProgressReport } from '../domain/watched-time.js';
import { CourseService } from './course.service.js';
import type { PlayerView, ProgressView } from './learning-views.js';
import {
  LEARNING_STORE, type EnrolmentForLearning, type EnrolmentForReport, type LearningStore, type ProgressToSave,
} from './ports/learning-store.port.js';

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
   * Credits a report so that two reports racing for one enrolment are counted one after the other against the same
   * clock (neither lost nor doubled). A player sends one every 30 s, so at 10,000 learners this runs ~333 times a
   * second (ADR 0056, 0060): it first reads the enrolment with its film's length and saves only if the row was not
   * written meanwhile (two statements, no transaction); a report that lost that race is credited again under the
   * enrolment's row lock, against what the winner stored.
   */
  async report(userId: number, enrolmentId: number, report: ProgressReport, now = new Date()): Promise<ProgressView> {
    const read = await this.store.findForReport(userId, enrolmentId, false);
    if (!read) throw new EnrolmentNotFoundError();
    const credited = credit(read, report, now);
    if (await this.store.saveProgressIfUnchanged(read.enrolment.id, read.version, toSave(credited, now))) return progressView(read, credited);
    return this.transactions.run(async () => {
      const locked = await this.store.findForReport(userId, enrolmentId, true);
      if (!locked) throw new EnrolmentNotFoundError();
      const again = credit(locked, report, now);
      await this.store.saveProgress(locked.enrolment.id, toSave(again, now));
      return progressView(locked, again);
    });
  }

  private async enrolment(userId: number, enrolmentId: number): Promise<EnrolmentForLearning> {
    const enrolment = await this.store.findForLearner(userId, enrolmentId, false);
    if (!enrolment) throw new EnrolmentNotFoundError();
    return enrolment;
  }
}

function credit({ enrolment, duration }: EnrolmentForReport, report: ProgressReport, now: Date): CreditedProgress {
  return creditReport({ ranges: enrolment.watchedRanges, lastProgressAt: enrolment.lastProgressAt }, report, duration, now);
}

const toSave = (credited: CreditedProgress, at: Date): ProgressToSave =>
  ({ position: credited.position, watchedSeconds: credited.watchedSeconds, ranges: credited.ranges, at });

function progressView({ enrolment, duration }: EnrolmentForReport, credited: CreditedProgress): ProgressView {
  return {
    position: credited.position, watched_seconds: credited.watchedSeconds, duration, credited: credited.credited,
    assessment_open: enrolment.status === 'enrolled' && assessmentOpen(credited.watchedSeconds, duration),
  };
}
