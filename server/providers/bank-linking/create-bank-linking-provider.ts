import type { AppDeps } from '../../context';
import type { BankLinkingProvider } from './bank-linking-provider';
import { createPlaidBankLinking, plaidEnvironments } from './plaid-bank-linking';
import { createSandboxBankLinking } from './sandbox-bank-linking';

/** Plaid when PLAID_CLIENT_ID and PLAID_SECRET are set; otherwise the local sandbox, which production never runs on. */
export function createBankLinkingProvider(deps: Pick<AppDeps, 'env' | 'database' | 'now'>): BankLinkingProvider {
  const { env } = deps;
  if (env.PLAID_CLIENT_ID && env.PLAID_SECRET) {
    return createPlaidBankLinking({
      clientId: env.PLAID_CLIENT_ID,
      secret: env.PLAID_SECRET,
      baseUrl: plaidEnvironments[env.PLAID_ENV ?? (env.NODE_ENV === 'production' ? 'production' : 'sandbox')],
      now: deps.now,
    });
  }
  if (env.NODE_ENV === 'production')
    throw new Error('Production needs PLAID_CLIENT_ID and PLAID_SECRET: the bank-linking sandbox is for development and tests');
  return createSandboxBankLinking({ db: deps.database.db, now: deps.now, secret: env.SESSION_SECRET });
}
