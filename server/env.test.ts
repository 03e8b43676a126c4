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
  TRUST_PROXY: '0',
};

describe('environment', () => {
  it('runs locally with defaults: port 3000, embedded database', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', APP_URL: 'http://localhost:3000', RATE_LIMIT_MULTIPLIER: 1 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('signs with SESSION_SECRET, or else with the generated secret of DATA_DIR, on any interface', () => {
    const keep = (dataDir: string) => `kept-in-${dataDir}-${'k'.repeat(32)}`;
    expect(parseEnv({ HOST: '0.0.0.0', DATA_DIR: '/srv/alta' }, keep).SESSION_SECRET).toBe(keep('/srv/alta'));
    expect(parseEnv({ HOST: '0.0.0.0', SESSION_SECRET: 'y'.repeat(40) }, keep).SESSION_SECRET).toBe('y'.repeat(40));
    // Without a DATA_DIR keeper (tests, benchmarks): one random secret for the whole process.
    expect(parseEnv({}).SESSION_SECRET).toHaveLength(43);
    expect(parseEnv({}).SESSION_SECRET).toBe(parseEnv({ NODE_ENV: 'test' }).SESSION_SECRET);
  });

  it('needs SESSION_SECRET with DATABASE_URL: instances on one database must sign alike', () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgres://db/alta' })).toThrow(
      new EnvError('SESSION_SECRET is required with DATABASE_URL: every instance on the database must sign sessions with the same secret'),
    );
    expect(parseEnv({ DATABASE_URL: 'postgres://db/alta', SESSION_SECRET: 'y'.repeat(40) }).SESSION_SECRET).toBe('y'.repeat(40));
  });

  it('needs TRUST_PROXY said in production, 0 included', () => {
    const { TRUST_PROXY: _t, ...rest } = production;
    expect(() => parseEnv(rest)).toThrow(new EnvError('Production needs these environment variables: TRUST_PROXY'));
    expect(() => parseEnv({ ...rest, TRUST_PROXY: '' })).toThrow(/TRUST_PROXY/);
    expect(parseEnv({ ...rest, TRUST_PROXY: '0' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ ...rest, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
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
