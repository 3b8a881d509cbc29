import type { Environment } from '../../../../config/environment.js';
import { localSecret } from '../../../../config/local-secret.js';

/**
 * The embedded test provider's signing secret: PAYMENT_TEST_WEBHOOK_SECRET when set; otherwise one generated on
 * first use and kept in DATA_DIR (see localSecret).
 */
export function testWebhookSecret(env: Environment): string {
  return env.PAYMENT_TEST_WEBHOOK_SECRET ?? localSecret(env, 'payment-test-webhook-secret', 'whsec_local_');
}
