import type { AppDeps } from '../../context';
import type { BankingProvider } from './banking-provider';
import { createBridgeBanking } from './bridge-banking';
import { createSandboxBanking, type SandboxBanking } from './sandbox-banking';

/** Bridge when BRIDGE_API_KEY is set (with its webhook key); otherwise the local sandbox, which production never runs on. */
export function createBankingProvider(deps: Pick<AppDeps, 'env' | 'database' | 'now'>): BankingProvider | SandboxBanking {
  const { env } = deps;
  if (env.BRIDGE_API_KEY) {
    if (!env.BRIDGE_WEBHOOK_PUBLIC_KEY) throw new Error('BRIDGE_API_KEY needs BRIDGE_WEBHOOK_PUBLIC_KEY: webhooks could not be verified');
    return createBridgeBanking({
      apiKey: env.BRIDGE_API_KEY,
      webhookPublicKey: env.BRIDGE_WEBHOOK_PUBLIC_KEY.replaceAll('\\n', '\n'),
      baseUrl: env.BRIDGE_API_URL,
    });
  }
  if (env.NODE_ENV === 'production') throw new Error('Production needs BRIDGE_API_KEY: the banking sandbox is for development and tests');
  return createSandboxBanking({ db: deps.database.db, now: deps.now, appUrl: env.APP_URL });
}
