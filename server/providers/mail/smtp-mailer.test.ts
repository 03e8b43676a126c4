import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../../env';
import { createUser } from '../../test/accounts';
import { parseMail, securityCode } from '../../test/eml';
import { createTestApp, type TestApp } from '../../test/harness';
import { createMailer } from './create-mailer';

interface Envelope {
  from: string;
  to: string[];
  data: string;
}

/**
 * The smallest SMTP server nodemailer talks to (RFC 5321 without extensions): it accepts
 * every mail and keeps the envelope and the un-dot-stuffed data.
 */
function startSmtpListener(): Promise<{ server: Server; port: number; received: Envelope[] }> {
  const received: Envelope[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let envelope: Envelope = { from: '', to: [], data: '' };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.local ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          envelope.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(envelope);
          envelope = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test.local');
        else if (verb === 'MAIL') {
          envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else reply('502 5.5.2 not implemented');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, received })));
}

let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let dataDir: string;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpListener();
  dataDir = await mkdtemp(path.join(tmpdir(), 'alta-smtp-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Alta <hello@alta.test>',
  });
  t = await createTestApp({}, { mailer: createMailer(env) });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => smtp.server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe('SMTP transport (SMTP_URL set)', () => {
  it('sends the reset code over SMTP, in the user language, and writes no .eml file', async () => {
    const user = await createUser(t, { email: 'smtp-user@example.com', firstName: 'Ana', language: 'en' });
    const requested = await t.request('/api/v1/reset-password', { method: 'POST', json: { email: user.email } });
    expect(requested.status).toBe(202);

    const envelope = await vi.waitFor(
      () => {
        const found = smtp.received.find((candidate) => candidate.to.includes(user.email));
        if (!found) throw new Error('nothing received yet');
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(envelope.from).toBe('hello@alta.test');
    expect(envelope.to).toEqual([user.email]);
    const mail = parseMail(envelope.data);
    expect(mail.header('to')).toBe(user.email);
    expect(mail.header('from')).toBe('Alta <hello@alta.test>');
    expect(mail.header('subject')).toBe('Your security code to reset your password');
    expect(mail.header('content-language')).toBe('en');
    expect(mail.text).toContain('Hi Ana,');
    expect(securityCode(mail.text)).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('http://localhost:3000/en/reset-password/confirm');

    await expect(readdir(path.join(dataDir, 'mail'))).rejects.toThrow();
  });

  it('uses the .eml outbox in DATA_DIR/mail when SMTP_URL is not set', async () => {
    const mailer = createMailer(parseEnv({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', DATA_DIR: dataDir }));
    const before = smtp.received.length;
    await mailer.send({ to: 'outbox@example.com', subject: 'Hola', text: 'Cuerpo', language: 'es' });
    expect(await readdir(path.join(dataDir, 'mail'))).toHaveLength(1);
    expect(smtp.received).toHaveLength(before);
  });
});
