import path from 'node:path';
import type { Env } from '../../env';
import { createLocalMailer } from './local-mailer';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set (always in production: env.ts requires it); otherwise `.eml` files in DATA_DIR/mail. */
export function createMailer(env: Env): Mailer {
  if (env.SMTP_URL) return createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM });
  return createLocalMailer({ dir: path.join(env.DATA_DIR, 'mail'), from: env.MAIL_FROM });
}
