import { ConfigurationError, loadEnvironment, PAYMENT_PROVIDER_REQUIRED } from './environment.js';

describe('loadEnvironment', () => {
  it('applies the documented defaults', () => {
    const env = loadEnvironment({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./var');
    expect(env.NODE_ENV).toBe('production');
    expect(env.usesEmbeddedDatabase).toBe(true);
    expect(env.publicUrl).toBe('http://localhost:3000');
    expect(env.QUEUE_RETRY_BASE_MS).toBe(5000);
    expect(env.SHUTDOWN_DELAY_MS).toBe(0);
    expect(env.SHUTDOWN_TIMEOUT_MS).toBe(10_000);
  });

  it('reads the retry and shutdown timings, and refuses nonsense', () => {
    const env = loadEnvironment({ QUEUE_RETRY_BASE_MS: '250', SHUTDOWN_DELAY_MS: '2000', SHUTDOWN_TIMEOUT_MS: '30000' });
    expect([env.QUEUE_RETRY_BASE_MS, env.SHUTDOWN_DELAY_MS, env.SHUTDOWN_TIMEOUT_MS]).toEqual([250, 2000, 30_000]);
    expect(() => loadEnvironment({ QUEUE_RETRY_BASE_MS: '0', SHUTDOWN_DELAY_MS: '-1', SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(
      /QUEUE_RETRY_BASE_MS must be at least 10[\s\S]*SHUTDOWN_DELAY_MS must be at least 0[\s\S]*SHUTDOWN_TIMEOUT_MS must be a whole number/,
    );
  });

  it('reads a PostgreSQL URL and a public URL', () => {
    const env = loadEnvironment({
      DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop',
      PUBLIC_URL: 'https://shop.example.co.uk/',
      PORT: '8080',
    });
    expect(env.usesEmbeddedDatabase).toBe(false);
    expect(env.publicUrl).toBe('https://shop.example.co.uk');
    expect(env.PORT).toBe(8080);
  });

  it('lists every bad value in one error', () => {
    let caught: unknown;
    try {
      loadEnvironment({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging', PUBLIC_URL: 'not a url' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    const message = (caught as Error).message;
    expect(message).toContain('PORT must be a whole number');
    expect(message).toContain('DATABASE_URL must be a postgres://');
    expect(message).toContain('NODE_ENV must be one of');
    expect(message).toContain('PUBLIC_URL must be an http(s) URL');
  });

  describe('the payment provider (issue 25)', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

    it('stops a production web server that chose neither Stripe nor the test provider, with one message', () => {
      expect(() => loadEnvironment({ NODE_ENV: 'production' }, 'web-server')).toThrow(PAYMENT_PROVIDER_REQUIRED);
      expect(() => loadEnvironment({}, 'web-server')).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET[\s\S]*PAYMENT_PROVIDER=test/);
      expect(loadEnvironment({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' }, 'web-server').paymentProvider).toBe('test');
      expect(loadEnvironment({ NODE_ENV: 'production', ...stripe }, 'web-server').paymentProvider).toBe('stripe');
    });

    it('keeps the test provider the default in development and test, and for commands', () => {
      expect(loadEnvironment({ NODE_ENV: 'development' }, 'web-server').paymentProvider).toBe('test');
      expect(loadEnvironment({ NODE_ENV: 'test' }, 'web-server').paymentProvider).toBe('test');
      expect(loadEnvironment({ NODE_ENV: 'production' }).paymentProvider).toBe('test');
    });

    it('refuses a provider that does not match the Stripe settings, listed with the other problems', () => {
      expect(() => loadEnvironment({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'test', ...stripe })).toThrow(/PAYMENT_PROVIDER=test cannot go with STRIPE_SECRET_KEY/);
      expect(() => loadEnvironment({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER=stripe needs both/);
      expect(() => loadEnvironment({ PAYMENT_PROVIDER: 'paypal', PORT: 'x' })).toThrow(/PORT must be a whole number[\s\S]*PAYMENT_PROVIDER must be one of stripe, test/);
      expect(loadEnvironment({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'stripe', ...stripe }).paymentProvider).toBe('stripe');
    });
  });
});
