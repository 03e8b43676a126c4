import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * The environment, read once and validated at start (README.md "Configuration").
 * In production every secret and real provider is required: a missing one stops the
 * process with a message naming it, so Alta never runs on its local simulators there.
 */

const optional = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const baseSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  APP_URL: optional,
  ADMIN_EMAIL: z
    .string()
    .default('admin@alta.local')
    .transform((value) => value.trim().toLowerCase()),
  ADMIN_PASSWORD: z.string().default('Admin#2026'),
  SESSION_SECRET: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Alta <hello@alta.local>'),
  STRIPE_SECRET_KEY: optional,
  VITE_STRIPE_PUBLISHABLE_KEY: optional,
  /** The signing secret of Stripe's webhook endpoint (`whsec_…`); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: optional,
  GOOGLE_CLIENT_ID: optional,
  BRIDGE_API_KEY: optional,
  /** The PEM public key of Bridge's webhook (`\n` may stand for line breaks); required with BRIDGE_API_KEY. */
  BRIDGE_WEBHOOK_PUBLIC_KEY: optional,
  /** Bridge's API base (https://api.bridge.xyz/v0 when unset). */
  BRIDGE_API_URL: optional,
  PLAID_CLIENT_ID: optional,
  PLAID_SECRET: optional,
  /** Plaid's environment for PLAID_CLIENT_ID / PLAID_SECRET; production when NODE_ENV is, sandbox otherwise. */
  PLAID_ENV: z.enum(['sandbox', 'production']).optional(),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  SCHEDULING_ID_ES: optional,
  SCHEDULING_ID_EN: optional,
  SCHEDULING_ID_PT: optional,
  CHAT_APP_ID: optional,
  CDN_FOLDER: optional,
  LOG_REQUESTS: z.enum(['0', '1']).optional(),
  /** Serves the build's source maps and `.vite/manifest.json` (the client's source); off unless debugging a build. */
  SERVE_SOURCE_MAPS: z.enum(['0', '1']).default('0'),
  /** Scales every rate limit up; for local load and browser-test runs from one IP. Refused in production. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
  /** Number of reverse proxies in front of Alta whose X-Forwarded-For hop is trusted; 0 uses the socket address. Production must set it. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** How often the sync event stream sends its `heartbeat` event (devices reopen a stream silent for about twice this). */
  SYNC_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** How long one sync event stream lasts before the device reconnects (re-checking the session). */
  SYNC_STREAM_LIFETIME_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(60 * 60_000)
    .default(10 * 60_000),
  /** Intercom identity-verification secret: signs `intercomUserHash` so the chat widget cannot be spoofed. */
  CHAT_IDENTITY_SECRET: optional,
});

const productionSecrets = [
  'APP_URL',
  'SESSION_SECRET',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'VITE_STRIPE_PUBLISHABLE_KEY',
  'BRIDGE_API_KEY',
  'PLAID_CLIENT_ID',
  'PLAID_SECRET',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

export type Env = z.infer<typeof baseSchema> & { APP_URL: string; SESSION_SECRET: string };

export class EnvError extends Error {}

export const minimumSessionSecretLength = 32;

/**
 * What signs sessions in a process that builds its app without SESSION_SECRET and without a
 * DATA_DIR to keep a secret in (tests, benchmarks): random, and the same for every app of the
 * process, so instances sharing a test database accept each other's tokens.
 */
const processSecret = randomBytes(32).toString('base64url');

/**
 * `generatedSecret` gives the secret when SESSION_SECRET is unset (server/main.ts keeps one in
 * DATA_DIR, server/auth/session-secret.ts); no secret written in the source ever signs a token.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env, generatedSecret: (dataDir: string) => string = () => processSecret): Env {
  const parsed = baseSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EnvError(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production') {
    const missing = productionSecrets.filter((name) => !env[name]);
    if (source.ADMIN_EMAIL === undefined) missing.push('ADMIN_EMAIL' as never);
    if (source.ADMIN_PASSWORD === undefined) missing.push('ADMIN_PASSWORD' as never);
    // Its default suits no deployment for sure: behind a balancer, 0 makes every rate limit count
    // the balancer's address (one attacker locks everyone out); without one, 1 lets anyone choose
    // their address. Production says which (0 included).
    if (!source.TRUST_PROXY) missing.push('TRUST_PROXY' as never);
    if (missing.length > 0) {
      throw new EnvError(`Production needs these environment variables: ${missing.join(', ')}`);
    }
    if (env.RATE_LIMIT_MULTIPLIER !== 1) throw new EnvError('RATE_LIMIT_MULTIPLIER cannot be used in production');
    if (env.SESSION_SECRET!.length < minimumSessionSecretLength) throw new EnvError(`SESSION_SECRET must be at least ${minimumSessionSecretLength} characters`);
  }
  // Instances on one PostgreSQL must sign alike, and each keeps its own DATA_DIR; the database is
  // no place for the secret either (a dump of it must not mint sessions or second-factor codes).
  if (env.DATABASE_URL && !env.SESSION_SECRET) {
    throw new EnvError('SESSION_SECRET is required with DATABASE_URL: every instance on the database must sign sessions with the same secret');
  }
  return {
    ...env,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    SESSION_SECRET: env.SESSION_SECRET ?? generatedSecret(env.DATA_DIR),
  };
}
