import { describe, expect, it } from 'vitest';
import {
  domainOf,
  mailAllowanceOf,
  mailRecords,
  messageIdOfReturnPath,
  returnPathOf,
  sendingDomainProblem,
} from './mail.js';

describe('mailAllowanceOf', () => {
  it('reads the emails, the overage price and the log days from features', () => {
    expect(
      mailAllowanceOf([
        '100,000 emails per month',
        '£0.60 per 1,000 extra emails',
        'Delivery logs for 30 days',
        'Priority support',
      ]),
    ).toEqual({ monthlyEmails: 100_000, overagePer1000: '0.60', logDays: 30 });
  });

  it('knows unlimited, defaults the log to 7 days, and has no overage unless stated', () => {
    expect(mailAllowanceOf(['Unlimited emails per month'])).toEqual({
      monthlyEmails: null,
      overagePer1000: null,
      logDays: 7,
    });
    expect(mailAllowanceOf(['£1 per 1000 extra emails', '5 emails a month'])).toEqual({
      monthlyEmails: 5,
      overagePer1000: '1.00',
      logDays: 7,
    });
  });

  it('is null for anything that states no emails', () => {
    expect(mailAllowanceOf(['2000 minutes', 'SMTP and HTTP API'])).toBeNull();
  });
});

describe('sending domains', () => {
  it('takes host names of two labels or more and refuses the rest', () => {
    expect(sendingDomainProblem('mail.Example.com.')).toBeNull();
    expect(sendingDomainProblem('  ')).toEqual({ code: 'MAIL_DOMAIN_REQUIRED' });
    for (const bad of [
      'localhost',
      'under_score.com',
      '-a.com',
      'a..com',
      'ex ample.com',
      '1.2.3.4',
    ])
      expect(sendingDomainProblem(bad), bad).toEqual({ code: 'MAIL_DOMAIN_INVALID' });
  });

  it('reads the domain of an address after its last @', () => {
    expect(domainOf('"a@b"@Example.COM')).toBe('example.com');
    expect(domainOf('nobody')).toBe('');
  });

  it('names the three records under the domain and the mail host', () => {
    expect(mailRecords('example.com', 'mail.parley.example', 'KEY')).toEqual([
      {
        purpose: 'spf',
        type: 'TXT',
        host: 'example.com',
        value: 'v=spf1 include:_spf.mail.parley.example ~all',
      },
      {
        purpose: 'dkim',
        type: 'TXT',
        host: 'parley._domainkey.example.com',
        value: 'v=DKIM1; k=rsa; p=KEY',
      },
      {
        purpose: 'return-path',
        type: 'CNAME',
        host: 'pm-bounces.example.com',
        value: 'bounces.mail.parley.example',
      },
    ]);
  });

  it('writes a message id into the return path and reads it back', () => {
    const id = '0b8e4a8e-8f5e-4c1a-9d8e-7f6a5b4c3d2e';
    const path = returnPathOf(id, 'example.com');
    expect(path).toBe(`bounce+${id}@pm-bounces.example.com`);
    expect(messageIdOfReturnPath(path.toUpperCase())).toBe(id);
    expect(messageIdOfReturnPath('postmaster@example.com')).toBeNull();
  });
});
