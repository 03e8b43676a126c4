import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EnvError, minimumSessionSecretLength } from '../env';

export const sessionSecretFileName = 'session-secret';

/**
 * The secret that signs sessions when SESSION_SECRET is unset: 256 random bits made at the first
 * start and kept in `DATA_DIR/session-secret` (mode 0600, owner only), so sessions outlive a
 * restart and no value written in the source ever signs a token. A file another user could read
 * is narrowed to 0600; a file too short to be one we wrote stops the start instead of signing
 * with it.
 */
export function storedSessionSecret(dataDir: string): { secret: string; file: string; created: boolean } {
  const file = path.resolve(dataDir, sessionSecretFileName);
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: never replaces a secret another start wrote a moment ago.
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    return { secret: readFileSync(file, 'utf8'), file, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < minimumSessionSecretLength)
    throw new EnvError(`${file} does not hold a session secret; delete it to have a new one made (every session ends)`);
  return { secret, file, created: false };
}
