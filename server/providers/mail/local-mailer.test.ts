import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalMailer } from './local-mailer';
import { renderMail } from './render-mail';

/** A small RFC 5322 / MIME reader: enough to prove the file is a well-formed mail. */
function parseEml(raw: string) {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of head!.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = rest.join('\r\n\r\n');
  const decodeWords = (value: string) =>
    value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => {
          const [partHead, ...partBody] = part.replace(/^\r\n/, '').split('\r\n\r\n');
          const content = partBody.join('\r\n\r\n').replace(/\r\n$/, '');
          const decoded = /quoted-printable/i.test(partHead!)
            ? Buffer.from(
                content.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
                'latin1',
              ).toString('utf8')
            : /base64/i.test(partHead!)
              ? Buffer.from(content, 'base64').toString('utf8')
              : content;
          return { type: /content-type:\s*([^;\r\n]+)/i.exec(partHead!)?.[1], text: decoded };
        })
    : [];
  return { header: (name: string) => decodeWords(headers.get(name) ?? ''), parts };
}

describe('local .eml mailer', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes one RFC 5322 file per mail, in the recipient language', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'alta-mail-'));
    const mailer = createLocalMailer({ dir, from: 'Alta <hello@alta.local>' });
    await mailer.send(
      renderMail('resetCode', {
        to: 'joao@example.com',
        language: 'pt',
        appUrl: 'http://localhost:3000',
        values: { firstName: 'João', code: '042917', minutes: 15 },
      }),
    );

    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(raw).toMatch(/\r\n/);
    const mail = parseEml(raw);
    expect(mail.header('from')).toBe('Alta <hello@alta.local>');
    expect(mail.header('to')).toBe('joao@example.com');
    expect(mail.header('subject')).toBe('Seu código de segurança para redefinir a senha');
    expect(mail.header('content-language')).toBe('pt');
    expect(mail.header('message-id')).toMatch(/^<.+@.+>$/);
    expect(mail.header('date')).not.toBe('');
    const text = mail.parts.find((part) => part.type === 'text/plain')!.text;
    expect(text).toContain('Olá, João,');
    expect(text).toContain('042917');
    expect(text).toContain('http://localhost:3000/pt/reset-password/confirm');
    const html = mail.parts.find((part) => part.type === 'text/html')!.text;
    expect(html).toContain('<html lang="pt">');
    expect(html).toContain('042917');
  });

  it('escapes names in the HTML part', () => {
    const mail = renderMail('welcome', {
      to: 'x@example.com',
      language: 'es',
      appUrl: 'http://localhost:3000',
      values: { firstName: '<script>alert(1)</script>', verification: null },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('has every mail in es, en and pt', () => {
    for (const language of ['es', 'en', 'pt'] as const) {
      const values = {
        firstName: 'Ana',
        code: '123456',
        minutes: 15,
        email: 'a@example.com',
        temporaryPassword: 'Temp#2026aa',
        verification: 'id.secret',
        days: 7,
      };
      for (const kind of ['resetCode', 'welcome', 'temporaryPassword', 'verifyEmail'] as const) {
        const mail = renderMail(kind, { to: 'a@example.com', language, appUrl: 'http://localhost:3000', values });
        expect(mail.subject.length, `${kind} ${language}`).toBeGreaterThan(5);
        expect(mail.text, `${kind} ${language}`).not.toMatch(/\{\{|undefined/);
      }
    }
    expect(renderMail('welcome', { to: 'a', language: 'es', appUrl: 'http://x', values: { firstName: 'Ana', verification: null } }).subject).toBe(
      'Te damos la bienvenida a Alta',
    );
    expect(renderMail('welcome', { to: 'a', language: 'en', appUrl: 'http://x', values: { firstName: 'Ana', verification: null } }).subject).toBe(
      'Welcome to Alta',
    );
  });
});
