import { describe, expect, it } from 'vitest';
import { outcomesOfReport, quotedReturnPath } from './reports-parse.js';

const report = (type: string, parts: string[], boundary = 'b0undary') =>
  [
    'From: MAILER-DAEMON@mx.example.net',
    'Subject: Delivery Status Notification',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report;\r\n\treport-type=${type};\r\n\tboundary="${boundary}"`,
    '',
    'This is a MIME-encapsulated message.',
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'Delivery to the following recipients failed.',
    ...parts.flatMap((p) => [`--${boundary}`, p]),
    `--${boundary}--`,
    '',
  ].join('\r\n');

const dsn = (...recipients: string[]) =>
  report('delivery-status', [
    [
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.net',
      'Arrival-Date: Sun, 29 Nov 2026 15:00:00 +0000',
      '',
      recipients.join('\r\n\r\n'),
      '',
    ].join('\r\n'),
    ['Content-Type: text/rfc822-headers', '', 'To: someone@example.net', 'Subject: Hi', ''].join(
      '\r\n',
    ),
  ]);

describe('reading a report that reaches the bounce listener', () => {
  it('takes a permanent failure for a bounce and a delay for a deferral, per recipient', () => {
    const raw = dsn(
      [
        'Final-Recipient: rfc822; Gone@Example.net',
        'Action: failed',
        'Status: 5.1.1',
        'Diagnostic-Code: smtp; 550 5.1.1 <gone@example.net>: user unknown',
      ].join('\r\n'),
      ['Final-Recipient: rfc822;slow@example.net', 'Action: delayed', 'Status: 4.4.1'].join('\r\n'),
      ['Final-Recipient: rfc822; fine@example.net', 'Action: delivered', 'Status: 2.0.0'].join(
        '\r\n',
      ),
    );
    expect(outcomesOfReport(raw)).toEqual([
      {
        recipient: 'gone@example.net',
        kind: 'bounced',
        reason: '5.1.1 550 5.1.1 <gone@example.net>: user unknown',
      },
      { recipient: 'slow@example.net', kind: 'deferred', reason: '4.4.1' },
    ]);
  });

  it('reads a delivery-status part sent in base64, and a report nested in a mixed message', () => {
    const status = Buffer.from(
      'Reporting-MTA: dns; mx.example.net\r\n\r\nOriginal-Recipient: rfc822; a@example.net\r\nAction: failed\r\nStatus: 5.2.1\r\n',
    ).toString('base64');
    const inner = report('delivery-status', [
      [
        'Content-Type: message/delivery-status',
        'Content-Transfer-Encoding: base64',
        '',
        status,
      ].join('\r\n'),
    ]);
    expect(outcomesOfReport(inner)).toEqual([
      { recipient: 'a@example.net', kind: 'bounced', reason: '5.2.1' },
    ]);
  });

  it('takes a feedback report for a complaint, from Original-Rcpt-To or the original To', () => {
    const arf = (fields: string[]) =>
      report('feedback-report', [
        ['Content-Type: message/feedback-report', '', 'Feedback-Type: abuse', ...fields, ''].join(
          '\r\n',
        ),
        [
          'Content-Type: message/rfc822',
          '',
          'To: Reader <reader@example.org>',
          'Subject: News',
          '',
          'Body',
          '',
        ].join('\r\n'),
      ]);
    expect(outcomesOfReport(arf(['Original-Rcpt-To: listed@example.org']))).toEqual([
      { recipient: 'listed@example.org', kind: 'complained', reason: 'Feedback-Type: abuse' },
    ]);
    expect(outcomesOfReport(arf([]))).toEqual([
      { recipient: 'reader@example.org', kind: 'complained', reason: 'Feedback-Type: abuse' },
    ]);
    expect(quotedReturnPath(arf([]))).toBeNull();
    const quoting = arf([]).replace(
      'To: Reader',
      'Return-Path: <bounce+0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d@pm-bounces.acme.test>\r\nTo: Reader',
    );
    expect(quotedReturnPath(quoting)).toBe(
      'bounce+0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d@pm-bounces.acme.test',
    );
  });

  it('finds nothing in mail that is no report', () => {
    expect(outcomesOfReport('Subject: out of office\r\n\r\nI am away.\r\n')).toEqual([]);
    expect(
      outcomesOfReport(
        'Content-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\nContent-Type: text/plain\r\n\r\nhi\r\n--x--\r\n',
      ),
    ).toEqual([]);
    expect(
      outcomesOfReport(
        report('disposition-notification', [
          'Content-Type: message/disposition-notification\r\n\r\nx',
        ]),
      ),
    ).toEqual([]);
  });
});
