import { z } from 'zod';

/**
 * GET /api/v1/config: the public keys the client initialises with (SPEC §9 "Configuration
 * keys"). Only values a browser may see; `null` means the feature is not configured.
 */
export const appConfigSchema = z.object({
  googleClientId: z.string().nullable(),
  stripePublishableKey: z.string().nullable(),
  schedulingIds: z.object({ es: z.string().nullable(), en: z.string().nullable(), pt: z.string().nullable() }),
  chatAppId: z.string().nullable(),
  cdnFolder: z.string().nullable(),
  environment: z.enum(['development', 'production', 'test']),
});
