import { Inject, Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { Transactions } from '../../../platform/persistence/index.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import { answerProblems, ATTEMPT_WINDOW_MS, attemptAllowance, mark, shuffled } from '../domain/assessment.js';
import { AnswersRefusedError, AssessmentClosedError, AssessmentPassedError, AttemptsUsedError, EnrolmentNotFoundError } from '../domain/learning-errors.js';
import { assessmentOpen, ASSESSMENT_THRESHOLD } from '../domain/watched-time.js';
import { CertificateService } from './certificate.service.js';
import { CourseService, type CourseForLearning } from './course.service.js';
import type { AssessmentView, AttemptResultView } from './learning-views.js';
import { LEARNING_STORE, type EnrolmentForLearning, type LearningStore } from './ports/learning-store.port.js';

const random = () => randomInt(0, 2 ** 32) / 2 ** 32;

/**
 * The assessment (issue 26, ADR 0047): open once 90% of the film is watched, shuffled, marked on the server, 3 attempts
 * in any 24 hours; a pass completes the enrolment and issues its certificate in the same transaction.
 */
@Injectable()
export class AssessmentService {
  constructor(
    @Inject(LEARNING_STORE) private readonly store: LearningStore,
    private readonly courses: CourseService,
    private readonly certificates: CertificateService,
    private readonly transactions: Transactions,
  ) {}

  async questions(userId: number, enrolmentId: number, now = new Date()): Promise<AssessmentView> {
    const enrolment = await this.store.findForLearner(userId, enrolmentId, false);
    if (!enrolment) throw new EnrolmentNotFoundError();
    const course = await this.openCourse(enrolment);
    const allowance = attemptAllowance(await this.store.attemptTimes(enrolment.id, windowStart(now)), now);
    return {
      questions: shuffled(course.questions, random).map((q) => ({ id: q.id, text: q.text, answers: shuffled(q.answers, random).map((a) => ({ id: a.id, text: a.text })) })),
      pass_mark: course.passMark,
      attempts_left: allowance.left,
      next_attempt_at: allowance.nextAt?.toISOString() ?? null,
    };
  }

  /**
   * Marks an attempt under the enrolment's row lock (two tabs sending at once cannot both take the third attempt or
   * both issue a certificate).
   */
  async attempt(userId: number, enrolmentId: number, answers: Record<string, number>, now = new Date()): Promise<AttemptResultView> {
    return this.transactions.run(async () => {
      const enrolment = await this.store.findForLearner(userId, enrolmentId, true);
      if (!enrolment) throw new EnrolmentNotFoundError();
      const course = await this.openCourse(enrolment);
      const before = attemptAllowance(await this.store.attemptTimes(enrolment.id, windowStart(now)), now);
      if (before.nextAt) throw new AttemptsUsedError(before.nextAt, now);
      const problems = answerProblems(course.questions, answers);
      if (Object.keys(problems).length > 0) throw new AnswersRefusedError(problems);

      const marking = mark(course.questions, answers, course.passMark);
      await this.store.insertAttempt({ enrolmentId: enrolment.id, at: now, score: marking.score, passed: marking.passed, answers: marking.answered });
      let certificateCode: string | null = null;
      if (marking.passed) {
        certificateCode = await this.certificates.issue({
          learnerName: enrolment.name ?? 'Learner', productId: course.productId, courseTitle: course.title, accreditation: course.accreditation,
          score: marking.score, completedAt: now, validityMonths: course.validityMonths, enrolmentId: enrolment.id, userId,
        }, now);
        await this.store.complete(enrolment.id, { at: now, score: marking.score, certificateCode });
      }
      const after = attemptAllowance([...(await this.store.attemptTimes(enrolment.id, windowStart(now)))], now);
      return {
        score: marking.score, passed: marking.passed, pass_mark: course.passMark, certificate_code: certificateCode,
        attempts_left: marking.passed ? 0 : after.left, next_attempt_at: marking.passed ? null : (after.nextAt?.toISOString() ?? null),
      };
    });
  }

  /** The course if this learner may sit its assessment now: not passed yet, questions set, 90% watched. */
  private async openCourse(enrolment: EnrolmentForLearning): Promise<CourseForLearning> {
    if (enrolment.status === 'completed') throw new AssessmentPassedError();
    const course = await this.courses.course(enrolment.productId);
    if (!course || course.questions.length === 0) throw new NotFoundError('This course\'s assessment');
    if (!assessmentOpen(enrolment.watchedSeconds, course.duration)) {
      throw new AssessmentClosedError(enrolment.watchedSeconds, course.duration === null ? null : Math.ceil(course.duration * ASSESSMENT_THRESHOLD));
    }
    return course;
  }
}

const windowStart = (now: Date) => new Date(now.getTime() - ATTEMPT_WINDOW_MS);
