import nodemailer from 'nodemailer';
import { type Mailer, MailRejectedError, MailUnavailableError } from './port.js';

interface SmtpFailure {
  code?: string;
  responseCode?: number;
}

/**
 * Emails through an SMTP server (nodemailer), as `smtp://user:pass@host:587` (STARTTLS
 * when offered) or `smtps://…:465`. Nodemailer's own logging stays off: it would write
 * addresses, and its errors are turned into ours, which carry only codes.
 */
export function createSmtpMailer(opts: { url: string; from: string; timeoutMs?: number }): Mailer {
  const timeout = opts.timeoutMs ?? 30_000;
  const transport = nodemailer.createTransport(
    {
      url: opts.url,
      logger: false,
      debug: false,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    },
    { from: opts.from },
  );
  return {
    async send(mail) {
      try {
        await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
      } catch (err) {
        const failure = err as SmtpFailure;
        if (typeof failure.responseCode === 'number' && failure.responseCode >= 500)
          throw new MailRejectedError(failure.responseCode);
        throw new MailUnavailableError(
          failure.responseCode ? String(failure.responseCode) : (failure.code ?? 'no answer'),
        );
      }
    },
    async close() {
      transport.close();
    },
  };
}
