import { signStripeFormat, verifyStripeFormat } from './stripe-format-signature.js';

describe('Stripe-format webhook signatures', () => {
  const secret = 'whsec_test_secret_for_unit_tests';
  const body = '{"id":"evt_1","type":"checkout.session.completed"}';
  const now = 1_800_000_000;

  it('accepts its own signature within 300 s either way', () => {
    expect(() => verifyStripeFormat(body, signStripeFormat(body, secret, now), secret, now)).not.toThrow();
    expect(() => verifyStripeFormat(body, signStripeFormat(body, secret, now - 300), secret, now)).not.toThrow();
    expect(() => verifyStripeFormat(body, signStripeFormat(body, secret, now + 300), secret, now)).not.toThrow();
  });

  it('refuses a stale signature, another secret, a changed body and a malformed header', () => {
    expect(() => verifyStripeFormat(body, signStripeFormat(body, secret, now - 301), secret, now)).toThrow(/too old/);
    expect(() => verifyStripeFormat(body, signStripeFormat(body, 'whsec_someone_else_entirely', now), secret, now)).toThrow(/does not match/);
    expect(() => verifyStripeFormat(`${body} `, signStripeFormat(body, secret, now), secret, now)).toThrow(/does not match/);
    expect(() => verifyStripeFormat(body, 'v1=abc', secret, now)).toThrow(/malformed/);
    expect(() => verifyStripeFormat(body, undefined, secret, now)).toThrow(/missing/);
  });

  it('accepts any of several v1 signatures (a secret being rolled)', () => {
    const good = signStripeFormat(body, secret, now);
    expect(() => verifyStripeFormat(body, `${good},v1=${'0'.repeat(64)}`, secret, now)).not.toThrow();
  });
});
