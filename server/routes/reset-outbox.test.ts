import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalMailer } from '../providers/mail/local-mailer';
import { createUser, goodPassword } from '../test/accounts';
import { readOutbox, securityCode } from '../test/eml';
import { answeredWith, createTestApp, type TestApp } from '../test/harness';

/**
 * The reset flow as a user lives it with the default transport: the code is read from the
 * `.eml` file Alta wrote (not from a captured object), then used to choose a new password.
 */
let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'alta-outbox-'));
  t = await createTestApp({}, { mailer: createLocalMailer({ dir, from: 'Alta <hello@alta.local>' }) });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const login = (email: string, password: string) => t.request('/api/v1/login', { method: 'POST', json: { email, password } });

describe('password reset through the .eml outbox', () => {
  it('mails a 6-digit code in the user language; the code sets the new password and the old one stops working', async () => {
    const user = await createUser(t, { email: 'outbox@example.com', firstName: 'João', language: 'pt' });
    const requested = await t.request('/api/v1/reset-password', { method: 'POST', json: { email: user.email } });
    expect(requested.status).toBe(202);

    // Mail goes out in the background: wait for the file, never for a fixed time.
    const mail = await vi.waitFor(
      async () => {
        const found = (await readOutbox(dir)).find((candidate) => candidate.header('to') === user.email);
        if (!found) throw new Error('no mail yet');
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(mail.header('subject')).toBe('Seu código de segurança para redefinir a senha');
    expect(mail.header('content-language')).toBe('pt');
    expect(mail.text).toContain('Olá, João,');
    const code = securityCode(mail.text);
    expect(code).toMatch(/^\d{6}$/);

    const confirmed = await t.request('/api/v1/reset-password/confirm', { method: 'PUT', json: { email: user.email, code, newPassword: 'Outbox#New2026' } });
    expect(confirmed.status).toBe(204);

    const old = await login(user.email, goodPassword);
    expect(await answeredWith(old)).toBe('401 invalid_credentials');
    const fresh = await login(user.email, 'Outbox#New2026');
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toMatchObject({ status: 'ok', data: { email: user.email } });
  });

  it('writes nothing for an unknown email, and answers exactly as for a known one', async () => {
    const before = (await readOutbox(dir)).length;
    const known = await createUser(t, { email: 'known-outbox@example.com' });
    const [unknownAnswer, knownAnswer] = await Promise.all([
      t.request('/api/v1/reset-password', { method: 'POST', json: { email: 'nobody-outbox@example.com' } }),
      t.request('/api/v1/reset-password', { method: 'POST', json: { email: known.email } }),
    ]);
    expect(unknownAnswer.status).toBe(knownAnswer.status);
    expect(await unknownAnswer.text()).toBe(await knownAnswer.text());
    await vi.waitFor(async () => expect((await readOutbox(dir)).length).toBe(before + 1), { timeout: 10_000, interval: 50 });
    expect((await readOutbox(dir)).map((mail) => mail.header('to'))).not.toContain('nobody-outbox@example.com');
  });
});
