import { logError } from '../lib/log-error';
import type { AppDeps } from '../context';
import type { MailMessage } from '../providers/mail/mailer';

/**
 * Hands a mail to the transport without waiting for it. Waiting would make a reset request
 * for an existing account measurably slower than for an unknown one (an enumeration oracle),
 * and a slow SMTP server must not fail a request whose work is already done.
 */
export function sendMailInBackground(deps: AppDeps, kind: string, message: MailMessage) {
  deps.mailer.send(message).catch((error: unknown) => {
    // The recipient is personal data: the log names the kind of mail only.
    logError('mail not sent', { kind }, error);
  });
}
