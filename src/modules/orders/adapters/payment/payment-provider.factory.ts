import { Logger } from '@nestjs/common';
import { ConfigurationError, type Environment } from '../../../../config/environment.js';
import type { PaymentProvider } from '../../application/ports/payment-provider.port.js';
import { TestPaymentProvider } from './test-payment.provider.js';
import { testWebhookSecret } from './test-webhook-secret.js';

/**
 * The adapter the configuration names, like platform/storage's driver: Stripe Checkout when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set (one without the other stops start-up), else the embedded test provider
 * (`env.paymentProvider`; a production web server without either chosen never gets here: loadEnvironment refuses it).
 */
export async function createPaymentProvider(env: Environment): Promise<PaymentProvider> {
  if (env.paymentProvider === 'stripe') {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      throw new ConfigurationError(['Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or neither, for the built-in test payments)']);
    }
    // Loaded only when configured: the shop runs without Stripe's package on its start-up path.
    const { StripePaymentProvider } = await import('./stripe-payment.provider.js');
    return new StripePaymentProvider(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET);
  }
  if (env.isProduction) {
    new Logger('Payments').warn('PAYMENT_PROVIDER=test: payments are simulated and nobody is charged. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take money.');
  }
  return new TestPaymentProvider(testWebhookSecret(env));
}
