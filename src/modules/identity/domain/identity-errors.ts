import { InvalidInputError } from '../../../shared/domain-error.js';

export function emailTaken(): InvalidInputError {
  return new InvalidInputError('email', 'An account with this e-mail address already exists.');
}
