import { DomainError, InvalidInputError } from '../../../shared/domain-error.js';

export function emailTaken(): InvalidInputError {
  return new InvalidInputError('email', 'An account with this e-mail address already exists.');
}

/** Thrown when a sign-in through a provider cannot complete; the message is safe to show. */
export class OAuthSignInError extends DomainError {
  constructor(message: string) {
    super('invalid', message);
  }
}
