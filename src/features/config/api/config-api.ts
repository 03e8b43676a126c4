import { api } from '@src/lib/api';

/** GET /config: the public keys the client needs (SPEC §9). */
export interface PublicConfig {
  googleClientId: string | null;
  stripePublishableKey: string | null;
  schedulingIds: { es: string | null; en: string | null; pt: string | null };
  chatAppId: string | null;
  cdnFolder: string | null;
  environment: 'development' | 'production' | 'test';
}

let config: Promise<PublicConfig | null> | null = null;

/** Fetched once per page; null when the API cannot be reached (features that need a key stay hidden). */
export function getPublicConfig(): Promise<PublicConfig | null> {
  config ??= api.get<PublicConfig>('config').catch(() => {
    config = null;
    return null;
  });
  return config;
}
