import type { Env } from '../../env';
import type { Mailer } from './mailer';

/** Placeholder until the mail transports land: the auth work replaces this file. */
export function createMailer(_env: Env): Mailer {
  return { send: async () => {} };
}
