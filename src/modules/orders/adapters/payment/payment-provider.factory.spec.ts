import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigurationError, loadEnvironment } from '../../../../config/environment.js';
import { createPaymentProvider } from './payment-provider.factory.js';

describe('createPaymentProvider', () => {
  const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'shop-payments-'));

  it('uses Stripe when both settings are there, and refuses one without the other', async () => {
    const both = loadEnvironment({ NODE_ENV: 'test', DATA_DIR: dataDir(), STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' });
    expect((await createPaymentProvider(both)).name).toBe('stripe');
    await expect(createPaymentProvider(loadEnvironment({ NODE_ENV: 'test', DATA_DIR: dataDir(), STRIPE_SECRET_KEY: 'sk_test_abc' }))).rejects.toThrow(ConfigurationError);
    await expect(createPaymentProvider(loadEnvironment({ NODE_ENV: 'test', DATA_DIR: dataDir(), STRIPE_WEBHOOK_SECRET: 'whsec_abc' }))).rejects.toThrow(ConfigurationError);
  });

  it('falls back to the test provider, whose generated secret is kept in DATA_DIR for every process', async () => {
    const dir = dataDir();
    const provider = await createPaymentProvider(loadEnvironment({ NODE_ENV: 'test', DATA_DIR: dir }));
    expect(provider.name).toBe('test');
    const secret = readFileSync(path.join(dir, 'payment-test-webhook-secret'), 'utf8').trim();
    expect(secret).toMatch(/^whsec_local_[0-9a-f]{48}$/);
    await createPaymentProvider(loadEnvironment({ NODE_ENV: 'test', DATA_DIR: dir }));
    expect(readFileSync(path.join(dir, 'payment-test-webhook-secret'), 'utf8').trim()).toBe(secret);
  });

  it('refuses malformed Stripe settings at start-up', () => {
    expect(() => loadEnvironment({ STRIPE_SECRET_KEY: 'pk_live_publishable', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
