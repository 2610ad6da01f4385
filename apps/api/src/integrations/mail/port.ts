/** One email as Parley sends it: plain text, to one customer. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Where emails go. `send` resolves once the server has accepted the message; it throws
 * MailRejectedError when the server refused it for good (a 5xx answer: trying again
 * cannot help), any other error when it may work later.
 */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/**
 * The server refused the message for good. Its message names only the SMTP status:
 * the server's own words can carry the address.
 */
export class MailRejectedError extends Error {
  constructor(readonly responseCode: number) {
    super(`The mail server refused the message (${responseCode}).`);
    this.name = 'MailRejectedError';
  }
}

/** The message may go later: no connection, a timeout, a 4xx answer. */
export class MailUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`The mail server did not take the message (${reason}).`);
    this.name = 'MailUnavailableError';
  }
}
