import { z } from 'zod';

/**
 * The environment, read once and validated at start (ARCHITECTURE.md "Configuration").
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
  ADMIN_EMAIL: z.string().default('admin@alta.local').transform((value) => value.trim().toLowerCase()),
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
  /** Number of reverse proxies in front of Alta whose X-Forwarded-For hop is trusted; 0 uses the socket address. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** How often the sync event stream sends its `heartbeat` event (devices reopen a stream silent for about twice this). */
  SYNC_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** How long one sync event stream lasts before the device reconnects (re-checking the session). */
  SYNC_STREAM_LIFETIME_MS: z.coerce.number().int().min(1_000).max(60 * 60_000).default(10 * 60_000),
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

/** Addresses only this machine can reach: the one place the public development secret may sign tokens. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
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
    if (missing.length > 0) {
      throw new EnvError(`Production needs these environment variables: ${missing.join(', ')}`);
    }
    if (env.RATE_LIMIT_MULTIPLIER !== 1) throw new EnvError('RATE_LIMIT_MULTIPLIER cannot be used in production');
    if (env.SESSION_SECRET!.length < 32) throw new EnvError('SESSION_SECRET must be at least 32 characters');
  }
  if (!env.SESSION_SECRET && !isLoopbackHost(env.HOST)) {
    throw new EnvError(`SESSION_SECRET is required when listening on ${env.HOST}: without it a secret published in the source would sign sessions`);
  }
  return {
    ...env,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    // Loopback only: a fixed, public secret is fine where no one else can connect (checked above).
    SESSION_SECRET: env.SESSION_SECRET ?? 'alta-development-secret-not-for-production',
  };
}
