import type { Env } from '../../env';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { StorageProvider } from './storage';

/**
 * S3 when `S3_BUCKET` is set, else the local disk simulator. Production never runs on the
 * simulator: `env.ts` already requires the S3 variables there, and this refuses again so a
 * later change to the environment rules cannot silently store customer files on one disk.
 */
export function createStorage(env: Env, now: () => Date): StorageProvider {
  if (env.S3_BUCKET) {
    if (!env.S3_REGION || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
      throw new Error('S3_BUCKET needs S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    }
    return createS3Storage(
      {
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      },
      now,
    );
  }
  if (env.NODE_ENV === 'production') throw new Error('Production needs S3 storage (S3_BUCKET); the local storage simulator is for development and tests');
  return createLocalStorage({ dataDir: env.DATA_DIR, appUrl: env.APP_URL, secret: env.SESSION_SECRET, now });
}
