import { ApiError } from './api.js';
import { formFailure, INVALID_FORM_MESSAGE, NETWORK_FAILURE_MESSAGE, SERVER_FAILURE_MESSAGE } from './form-errors.js';

const apiError = (status: number, body: unknown) => new ApiError(status, body, '/api/x');

describe('formFailure', () => {
  it('takes the field errors and the message of a 422', () => {
    const failure = formFailure(
      apiError(422, {
        status: 422,
        error: 'Unprocessable Entity',
        message: 'The given data was invalid.',
        errors: { email: ['These credentials do not match our records.'], 'billing_address.postcode': ['Enter a UK postcode, such as LS10 1AB.'] },
      }),
    );
    expect(failure).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['These credentials do not match our records.'], 'billing_address.postcode': ['Enter a UK postcode, such as LS10 1AB.'] },
    });
  });

  it('shows the server\'s own message for a 429 and a 403', () => {
    expect(formFailure(apiError(429, { message: 'Too many sign-in attempts. Please try again in 42 seconds.' })).message).toBe(
      'Too many sign-in attempts. Please try again in 42 seconds.',
    );
    expect(formFailure(apiError(403, { message: 'The XSRF token is missing or does not match.' })).message).toBe('The XSRF token is missing or does not match.');
  });

  it('falls back to its own words when the body says nothing usable', () => {
    expect(formFailure(apiError(422, 'oops'))).toEqual({ message: INVALID_FORM_MESSAGE, errors: {} });
    expect(formFailure(apiError(422, { errors: { email: 'not a list', name: [1, 'Enter a name.'] } })).errors).toEqual({
      email: ['not a list'],
      name: ['Enter a name.'],
    });
    expect(formFailure(apiError(500, { message: 'Internal details' })).message).toBe(SERVER_FAILURE_MESSAGE);
    expect(formFailure(new TypeError('Failed to fetch')).message).toBe(NETWORK_FAILURE_MESSAGE);
  });
});
