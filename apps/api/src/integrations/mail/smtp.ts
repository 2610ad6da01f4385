import nodemailer from 'nodemailer';
import { type Mailer, MailRejectedError, MailUnavailableError } from './port.js';

interface SmtpFailure {
  code?: string;
  responseCode?: number;
}

/**
 * What an SMTP failure means for the outbox. Final only when the server took our session
 * and refused this message or its recipient (5xx at RCPT or DATA); a 5xx about our
 * credentials or TLS (a setup error: EAUTH and the like) is retried with back-off until
 * it is fixed. The errors carry codes only: a server's reply may quote the address.
 */
export function mailFailure(err: unknown): MailRejectedError | MailUnavailableError {
  const failure = (err ?? {}) as SmtpFailure;
  if (
    (failure.code === 'EENVELOPE' || failure.code === 'EMESSAGE') &&
    typeof failure.responseCode === 'number' &&
    failure.responseCode >= 500
  )
    return new MailRejectedError(failure.responseCode);
  return new MailUnavailableError(
    failure.responseCode ? String(failure.responseCode) : (failure.code ?? 'no answer'),
  );
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
        throw mailFailure(err);
      }
    },
    async close() {
      transport.close();
    },
  };
}
