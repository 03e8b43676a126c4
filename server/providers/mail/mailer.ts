/** A mail ready to send: already rendered in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail transport: local `.eml` files by default, SMTP when SMTP_URL is set. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
