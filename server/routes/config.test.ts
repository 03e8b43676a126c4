import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '@domain/config';
import { userResponse } from '../auth/session';
import type { AppDeps } from '../context';
import { findUserById } from '../db/queries/users';
import { parseEnv } from '../env';
import { createTestApp, type TestApp } from '../test/harness';
import { configRouter } from './config';

describe('GET /config', () => {
  let configured: TestApp;
  beforeAll(async () => {
    configured = await createTestApp({
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_SECRET_KEY: 'sk_test_secret',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      SCHEDULING_ID_EN: 'sched-en',
      CHAT_APP_ID: 'chat-1',
      CHAT_IDENTITY_SECRET: 'chat-secret',
      CDN_FOLDER: 'alta',
    });
  });
  afterAll(() => configured.close());

  /** The same deps with nothing optional configured (the config route never touches the database). */
  const plainDeps = (): AppDeps => ({
    env: parseEnv({ NODE_ENV: 'test' }),
    database: configured.database,
    mailer: { send: async () => {} },
    now: () => configured.clock.now,
  });

  it('returns nulls for what is not configured', async () => {
    const response = await configRouter(plainDeps()).request('/config');
    expect(response.status).toBe(200);
    expect(appConfigSchema.parse(await response.json())).toEqual({
      googleClientId: null,
      stripePublishableKey: null,
      schedulingIds: { es: null, en: null, pt: null },
      chatAppId: null,
      cdnFolder: null,
      environment: 'test',
    });
  });

  it('returns the public keys that are configured, and never a secret', async () => {
    const text = await (await configured.request('/api/v1/config')).text();
    expect(JSON.parse(text)).toMatchObject({
      googleClientId: 'client.apps.googleusercontent.com',
      stripePublishableKey: 'pk_test_123',
      schedulingIds: { es: null, en: 'sched-en', pt: null },
      chatAppId: 'chat-1',
      cdnFolder: 'alta',
    });
    expect(text).not.toContain('secret');
  });

  it('signs intercomUserHash only when the chat identity secret is configured', async () => {
    const registered = await configured.request('/api/v1/users', {
      method: 'POST',
      json: { firstName: 'Ana', lastName: 'Pérez', email: 'chat@example.com', password: 'Secret#2026', acceptTerms: true },
    });
    const user = (await registered.json()).data;
    expect(user.intercomUserHash).toBe(createHmac('sha256', 'chat-secret').update(user.id).digest('hex'));
    const row = (await findUserById(configured.database.db, user.id))!;
    expect((await userResponse(plainDeps(), row, null)).intercomUserHash).toBeNull();
  });

  it('is documented in the OpenAPI document with the account routes', async () => {
    const doc = await (await configured.request('/api/v1/openapi.json')).json();
    for (const path of [
      '/api/v1/config',
      '/api/v1/login',
      '/api/v1/logout',
      '/api/v1/auth/refresh',
      '/api/v1/users',
      '/api/v1/users/me',
      '/api/v1/reset-password',
      '/api/v1/reset-password/confirm',
      '/api/v1/reset-password/temporary-confirm',
      '/api/v1/admin/login-as-user',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/v1/login'].post.requestBody.content['application/json'].schema).toBeDefined();
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'accessToken' });
  });

  it('lists the HTTP status of every "no" a person meets, as problem+json (decision 056)', async () => {
    const doc = await (await configured.request('/api/v1/openapi.json')).json();
    const statuses: [method: string, path: string, statuses: string[]][] = [
      ['post', '/login', ['401', '403', '404', '429']],
      ['post', '/users', ['409', '429']],
      ['post', '/reset-password', ['429']],
      ['put', '/reset-password/confirm', ['400', '429']],
      ['put', '/reset-password/temporary-confirm', ['400', '403']],
      ['post', '/users/me/email-verification', ['429']],
      ['post', '/users/me/email-verification/confirm', ['400']],
      ['post', '/orders', ['409', '429']],
      ['post', '/orders/{id}/coupon', ['409', '429']],
      ['post', '/orders/{id}/claim', ['422']],
      ['post', '/checkout/{orderId}/pay', ['402', '409', '422', '429']],
      ['post', '/checkout/{orderId}/confirm', ['402']],
      ['get', '/drafts/{id}', ['404']],
      ['post', '/drafts/{id}/email-link', ['429']],
      ['post', '/banking/two-factor/verify', ['400', '429']],
      ['post', '/banking/two-factor/reset', ['429']],
      ['post', '/banking/two-factor/reset/confirm', ['400', '429']],
      ['post', '/teammates', ['409', '429']],
      ['post', '/teammates/accept', ['400', '403', '429']],
      ['post', '/bank-linking/sandbox/link', ['400']],
      ['post', '/subscriptions/{id}/change', ['402', '409']],
      ['post', '/payment-methods', ['402']],
      ['post', '/payment-methods/setups/{id}/confirm', ['402']],
      ['delete', '/payment-methods/{id}', ['409']],
      ['put', '/companies/{id}/boi-report', ['403', '409']],
      ['post', '/mail/{id}/forwarding', ['409']],
    ];
    for (const [method, path, expected] of statuses) {
      const responses = doc.paths[`/api/v1${path}`][method].responses;
      for (const status of expected) expect(responses[status]?.content?.['application/problem+json'], `${method} ${path} ${status}`).toBeDefined();
    }
    // No 200 answer stands in for a refusal (decision 021's `{ status: "refused" }`).
    expect(JSON.stringify(doc)).not.toContain('"refused"');
  });
});
