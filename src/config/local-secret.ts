import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Environment } from './environment.js';

/**
 * A secret the shop needs but nobody configured: generated on first use and kept in DATA_DIR/`fileName`
 * (created exclusively, so two processes starting together agree on the first one written; mode 0600). Never a
 * constant in the code: a known secret would let anyone forge what it signs. Instances that do not share
 * DATA_DIR must be given the secret in their environment instead.
 */
export function localSecret(env: Environment, fileName: string, prefix = ''): string {
  const file = path.join(env.dataDir, fileName);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(env.dataDir, { recursive: true });
  try {
    writeFileSync(file, `${prefix}${randomBytes(24).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
