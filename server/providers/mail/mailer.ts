import type { Language } from '@domain/constants';

/** A mail ready to send: already rendered in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Sent as Content-Language, so mail clients and tests can tell the language. */
  language?: Language;
}

/** The mail transport: local `.eml` files by default, SMTP when SMTP_URL is set. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The nodemailer fields of a message, shared by the local and SMTP transports. */
export function nodemailerMessage(from: string, message: MailMessage) {
  const { language, ...content } = message;
  return { from, ...content, ...(language ? { headers: { 'Content-Language': language } } : {}) };
}
