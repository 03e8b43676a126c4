import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { appConfigSchema } from '@domain/config';
import type { AppDeps, AppEnv } from '../context';

/** Public client configuration (SPEC §9 keys): only values a browser may see. */
export function configRouter(deps: AppDeps) {
  const getConfig = createRoute({
    method: 'get',
    path: '/config',
    summary: 'Public keys the client initialises with',
    tags: ['config'],
    responses: { 200: { description: 'Client configuration', content: { 'application/json': { schema: appConfigSchema } } } },
  });

  const env = deps.env;
  const config = appConfigSchema.parse({
    googleClientId: env.GOOGLE_CLIENT_ID ?? null,
    stripePublishableKey: env.VITE_STRIPE_PUBLISHABLE_KEY ?? null,
    schedulingIds: { es: env.SCHEDULING_ID_ES ?? null, en: env.SCHEDULING_ID_EN ?? null, pt: env.SCHEDULING_ID_PT ?? null },
    chatAppId: env.CHAT_APP_ID ?? null,
    cdnFolder: env.CDN_FOLDER ?? null,
    environment: env.NODE_ENV,
  });

  return new OpenAPIHono<AppEnv>().openapi(getConfig, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(config, 200);
  });
}
