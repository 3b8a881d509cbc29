import { DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a stopped, restarting or unreachable PostgreSQL, as the driver or MikroORM reports it', () => {
    expect(isDatabaseUnavailable(new DriverException(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Rendering failed', { cause: new DriverException(withCode('read ECONNRESET', 'ECONNRESET')) }))).toBe(true);
  });

  it('leaves query errors and anything else alone', () => {
    expect(isDatabaseUnavailable(new UniqueConstraintViolationException(withCode('duplicate key value', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(withCode('relation "nope" does not exist', '42P01'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    // Another peer's socket failing (fetch to a payment provider, SMTP) is not the database.
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED 10.0.0.9:443', 'ECONNREFUSED') }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
