import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Environment } from '../../../../config/environment.js';

/**
 * The embedded test provider's signing secret: PAYMENT_TEST_WEBHOOK_SECRET when set; otherwise one generated on
 * first use and kept in DATA_DIR (created exclusively, so two processes starting together agree on the first
 * one written). Never a constant in the code: a known secret would let anyone forge a payment.
 */
export function testWebhookSecret(env: Environment): string {
  if (env.PAYMENT_TEST_WEBHOOK_SECRET) return env.PAYMENT_TEST_WEBHOOK_SECRET;
  const file = path.join(env.dataDir, 'payment-test-webhook-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(env.dataDir, { recursive: true });
  try {
    writeFileSync(file, `whsec_local_${randomBytes(24).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
