import type { AnsweredQuestion } from '../../domain/assessment.js';
import type { EnrolmentStatus } from '../../domain/licence-rules.js';
import type { WatchedRange } from '../../domain/watched-time.js';

export const LEARNING_STORE = Symbol('LearningStore');

/** A learner's own enrolment as the player and the assessment read it. */
export interface EnrolmentForLearning {
  id: number;
  userId: number;
  name: string | null;
  status: EnrolmentStatus;
  productId: number;
  positionSeconds: number;
  watchedSeconds: number;
  watchedRanges: WatchedRange[];
  lastProgressAt: Date | null;
  completedAt: Date | null;
  score: number | null;
  certificateCode: string | null;
}

/**
 * An enrolment as a progress report needs it: with its film's length (null when the course has none) and the row's
 * version, which changes with every write to the row, for `saveProgressIfUnchanged` (ADR 0060).
 */
export interface EnrolmentForReport {
  enrolment: EnrolmentForLearning;
  duration: number | null;
  version: string;
}

export interface ProgressToSave {
  position: number;
  watchedSeconds: number;
  ranges: WatchedRange[];
  at: Date;
}

export interface NewAttempt {
  enrolmentId: number;
  at: Date;
  score: number;
  passed: boolean;
  answers: AnsweredQuestion[];
}

/** Watched time and attempts on `training_enrolments` / `training_attempts`, in plain SQL (ADR 0040, 0047). */
export interface LearningStore {
  /**
   * The user's enrolment that may learn (enrolled or completed), or null — another person's answers the same as none.
   * `lock` takes its row lock in the caller's transaction: reports and attempts for one enrolment then run one at a time.
   */
  findForLearner(userId: number, enrolmentId: number, lock: boolean): Promise<EnrolmentForLearning | null>;
  /** `findForLearner` with the film's length and the row's version, in one statement; `lock` as there. */
  findForReport(userId: number, enrolmentId: number, lock: boolean): Promise<EnrolmentForReport | null>;
  saveProgress(enrolmentId: number, progress: ProgressToSave): Promise<void>;
  /**
   * Saves the progress only if the row is still at `version` (nothing wrote it since it was read); false when it was
   * written meanwhile, and nothing was saved.
   */
  saveProgressIfUnchanged(enrolmentId: number, version: string, progress: ProgressToSave): Promise<boolean>;
  /** Times of the enrolment's attempts since `since`. */
  attemptTimes(enrolmentId: number, since: Date): Promise<Date[]>;
  insertAttempt(attempt: NewAttempt): Promise<void>;
  complete(enrolmentId: number, result: { at: Date; score: number; certificateCode: string }): Promise<void>;
}
