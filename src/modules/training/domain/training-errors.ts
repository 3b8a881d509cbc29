import { DomainError } from '../../../shared/domain-error.js';

/** Course content that breaks its rules: 422 with every field path and reason (`questions[2].answers`). */
export class InvalidCourseError extends DomainError {
  constructor(fields: Record<string, string[]>) {
    super('invalid', 'The course content is not valid.', fields);
  }
}
