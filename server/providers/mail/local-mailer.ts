import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { nodemailerMessage, type Mailer } from './mailer';

/**
 * The embedded default: each mail becomes an RFC 5322 `.eml` file in `dir`, composed by
 * nodemailer exactly as SMTP would send it, so any mail client opens it. Files are written
 * under a temporary name and renamed, so a reader never sees half a mail.
 */
export function createLocalMailer(options: { dir: string; from: string }): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await composer.sendMail(nodemailerMessage(options.from, message));
      await mkdir(options.dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const temporary = path.join(options.dir, `.${name}.tmp`);
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, path.join(options.dir, name));
    },
  };
}
