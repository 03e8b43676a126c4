import { describe, expect, it } from 'vitest';
import { appConfigSchema } from '@domain/config';
import { createTestApp } from '../test/harness';

describe('GET /config', () => {
  it('returns nulls for what is not configured', async () => {
    const t = await createTestApp();
    try {
      const response = await t.request('/api/v1/config');
      expect(response.status).toBe(200);
      expect(appConfigSchema.parse(await response.json())).toEqual({
        googleClientId: null,
        stripePublishableKey: null,
        schedulingIds: { es: null, en: null, pt: null },
        chatAppId: null,
        cdnFolder: null,
        environment: 'test',
      });
    } finally {
      await t.close();
    }
  });

  it('returns the public keys that are configured, and never a secret', async () => {
    const t = await createTestApp({
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_SECRET_KEY: 'sk_test_secret',
      SCHEDULING_ID_EN: 'sched-en',
      CHAT_APP_ID: 'chat-1',
      CHAT_IDENTITY_SECRET: 'chat-secret',
      CDN_FOLDER: 'alta',
    });
    try {
      const text = await (await t.request('/api/v1/config')).text();
      expect(JSON.parse(text)).toMatchObject({
        googleClientId: 'client.apps.googleusercontent.com',
        stripePublishableKey: 'pk_test_123',
        schedulingIds: { es: null, en: 'sched-en', pt: null },
        chatAppId: 'chat-1',
        cdnFolder: 'alta',
      });
      expect(text).not.toContain('secret');
    } finally {
      await t.close();
    }
  });

  it('is documented in the OpenAPI document with the account routes', async () => {
    const t = await createTestApp();
    try {
      const doc = await (await t.request('/api/v1/openapi.json')).json();
      for (const path of ['/api/v1/config', '/api/v1/login', '/api/v1/logout', '/api/v1/auth/refresh', '/api/v1/users', '/api/v1/users/me', '/api/v1/reset-password', '/api/v1/reset-password/confirm', '/api/v1/reset-password/temporary-confirm', '/api/v1/admin/login-as-user']) {
        expect(doc.paths[path], path).toBeDefined();
      }
      expect(doc.paths['/api/v1/login'].post.requestBody.content['application/json'].schema).toBeDefined();
      expect(doc.paths['/api/v1/login'].post.responses['429'].content['application/problem+json']).toBeDefined();
      expect(doc.components.securitySchemes.cookieAuth).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'accessToken' });
    } finally {
      await t.close();
    }
  });
});
