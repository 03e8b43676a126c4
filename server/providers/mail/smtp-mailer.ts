import nodemailer from 'nodemailer';
import { nodemailerMessage, type Mailer } from './mailer';

/** Production mail: SMTP through nodemailer, e.g. `smtps://user:pass@smtp.example.com:465`. */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail(nodemailerMessage(options.from, message));
    },
  };
}
