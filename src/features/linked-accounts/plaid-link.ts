/**
 * Plaid's own Link (used when the server runs on Plaid): its script from Plaid's CDN, loaded
 * only when a person connects a bank (the CSP allows it only when Plaid is configured).
 */

const scriptUrl = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

interface PlaidLinkHandler {
  open(): void;
  destroy(): void;
}

interface PlaidGlobal {
  create(options: {
    token: string;
    onSuccess(publicToken: string, metadata: { institution?: { name?: string } | null }): void;
    onExit(error: { error_code?: string } | null): void;
  }): PlaidLinkHandler;
}

let loading: Promise<PlaidGlobal> | null = null;

function loadPlaid(): Promise<PlaidGlobal> {
  const existing = (window as { Plaid?: PlaidGlobal }).Plaid;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<PlaidGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      const plaid = (window as { Plaid?: PlaidGlobal }).Plaid;
      if (plaid) resolve(plaid);
      else reject(new Error('Plaid Link did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Plaid Link did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Runs Plaid Link with the token: the public token and institution name, or null when the person left it. */
export async function runPlaidLink(linkToken: string): Promise<{ publicToken: string; institutionName: string | null } | null> {
  const plaid = await loadPlaid();
  return new Promise((resolve) => {
    const handler = plaid.create({
      token: linkToken,
      onSuccess: (publicToken, metadata) => {
        handler.destroy();
        resolve({ publicToken, institutionName: metadata.institution?.name ?? null });
      },
      onExit: () => {
        handler.destroy();
        resolve(null);
      },
    });
    handler.open();
  });
}
