import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

const production = {
  NODE_ENV: 'production',
  APP_URL: 'https://alta.example',
  SESSION_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtp://mail.example',
  STRIPE_SECRET_KEY: 'sk_live_x',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  BRIDGE_API_KEY: 'bridge',
  PLAID_CLIENT_ID: 'plaid',
  PLAID_SECRET: 'plaid-secret',
  S3_BUCKET: 'alta',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'id',
  S3_SECRET_ACCESS_KEY: 'secret',
  ADMIN_EMAIL: 'admin@alta.example',
  ADMIN_PASSWORD: 'Str0ng#Admin',
};

describe('environment', () => {
  it('runs locally with defaults: port 3000, embedded database, development secret', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', APP_URL: 'http://localhost:3000', RATE_LIMIT_MULTIPLIER: 1 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('refuses the public development secret on any interface but loopback, whatever NODE_ENV says', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'alta.example']) {
      expect(() => parseEnv({ HOST })).toThrow(new EnvError(`SESSION_SECRET is required when listening on ${HOST}: without it a secret published in the source would sign sessions`));
      expect(() => parseEnv({ HOST, NODE_ENV: 'test' })).toThrow(/SESSION_SECRET/);
      expect(parseEnv({ HOST, SESSION_SECRET: 'y'.repeat(40) }).SESSION_SECRET).toBe('y'.repeat(40));
    }
    for (const HOST of ['127.0.0.1', '127.0.0.2', 'localhost', '::1']) expect(parseEnv({ HOST }).HOST).toBe(HOST);
  });

  it('accepts a complete production configuration', () => {
    expect(parseEnv(production).NODE_ENV).toBe('production');
  });

  it('names the missing production secrets', () => {
    const { STRIPE_SECRET_KEY: _s, S3_BUCKET: _b, ...rest } = production;
    expect(() => parseEnv(rest)).toThrow(new EnvError('Production needs these environment variables: STRIPE_SECRET_KEY, S3_BUCKET'));
  });

  it('refuses a short session secret and a rate-limit multiplier in production', () => {
    expect(() => parseEnv({ ...production, SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ ...production, RATE_LIMIT_MULTIPLIER: '20' })).toThrow(/RATE_LIMIT_MULTIPLIER/);
  });

  it('refuses a malformed value with the variable name', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ PLAID_ENV: 'development' })).toThrow(/PLAID_ENV/);
  });
});
