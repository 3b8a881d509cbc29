import { DomainError, NotFoundError, RateLimitedError } from '../../../shared/domain-error.js';

/** 404: not the signed-in learner's course (another person's answers the same as none: never a 403). */
export class EnrolmentNotFoundError extends NotFoundError {
  constructor() {
    super('That course');
  }
}

/** 409: the assessment opens once 90% of the film has been watched. */
export class AssessmentClosedError extends DomainError {
  constructor(watched: number, needed: number | null) {
    super(
      'conflict',
      needed === null
        ? 'The assessment is not open yet: this course\'s film has no length set. Please tell the training provider.'
        : `The assessment opens once you have watched 90% of the film (${needed} seconds); you have watched ${watched}.`,
    );
  }
}

/** 409: a passed course is not attempted again (its certificate stands). */
export class AssessmentPassedError extends DomainError {
  constructor() {
    super('conflict', 'You have passed this course already: your certificate stands.');
  }
}

/** 429 with Retry-After: three attempts in 24 hours; the message says when the next one opens. */
export class AttemptsUsedError extends RateLimitedError {
  constructor(readonly nextAt: Date, now: Date) {
    super(
      `You have used today's 3 attempts. Your next attempt opens at ${nextAt.toISOString().slice(11, 16)} UTC on ${nextAt.toISOString().slice(0, 10)}.`,
      Math.max(1, Math.ceil((nextAt.getTime() - now.getTime()) / 1000)),
    );
  }
}

/** 422 naming each question without a valid answer (`answers.{questionId}`); no attempt is spent. */
export class AnswersRefusedError extends DomainError {
  constructor(fields: Record<string, string[]>) {
    super('invalid', 'Answer every question before sending.', fields);
  }
}
