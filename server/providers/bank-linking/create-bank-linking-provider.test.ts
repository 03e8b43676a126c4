import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { parseEnv } from '../../env';
import { createBankLinkingProvider } from './create-bank-linking-provider';

const database = { db: {} } as unknown as Database;
const now = () => new Date();

describe('createBankLinkingProvider', () => {
  it('uses the local sandbox without Plaid keys, and Plaid with both', () => {
    expect(createBankLinkingProvider({ env: parseEnv({}), database, now }).name).toBe('sandbox');
    expect(createBankLinkingProvider({ env: parseEnv({ PLAID_CLIENT_ID: 'id' }), database, now }).name).toBe('sandbox');
    expect(createBankLinkingProvider({ env: parseEnv({ PLAID_CLIENT_ID: 'id', PLAID_SECRET: 'secret' }), database, now }).name).toBe('plaid');
  });

  it('never runs production on the sandbox', () => {
    const env = { ...parseEnv({}), NODE_ENV: 'production' as const };
    expect(() => createBankLinkingProvider({ env, database, now })).toThrow(/PLAID_CLIENT_ID/);
  });
});
