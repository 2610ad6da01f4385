import { describe, expect, it } from 'vitest';
import { MailRejectedError, MailUnavailableError } from './port.js';
import { mailFailure } from './smtp.js';

describe('mailFailure', () => {
  it('gives up only when the server refused this message or recipient for good', () => {
    expect(mailFailure({ code: 'EENVELOPE', responseCode: 550 })).toBeInstanceOf(MailRejectedError);
    expect(mailFailure({ code: 'EMESSAGE', responseCode: 554 })).toBeInstanceOf(MailRejectedError);
  });

  it('retries a setup error, a temporary refusal or a lost connection', () => {
    for (const failure of [
      { code: 'EAUTH', responseCode: 535 },
      { code: 'ETLS', responseCode: 530 },
      { code: 'EENVELOPE', responseCode: 451 },
      { code: 'ECONNECTION' },
      undefined,
    ])
      expect(mailFailure(failure), JSON.stringify(failure)).toBeInstanceOf(MailUnavailableError);
  });
});
