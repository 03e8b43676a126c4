import { apiGet, type ApiAnswer } from '@src/lib/query/typed-api';

/** GET /config: the public keys the client needs (SPEC §9). */
export type PublicConfig = ApiAnswer<'/config'>;

let config: Promise<PublicConfig | null> | null = null;

/** Fetched once per page; null when the API cannot be reached (features that need a key stay hidden). */
export function getPublicConfig(): Promise<PublicConfig | null> {
  config ??= apiGet('/config', {}).catch(() => {
    config = null;
    return null;
  });
  return config;
}
