import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

const SECRET = 's3cret-Pa55';

describe('mail settings', () => {
  it('send no email by default', () => {
    expect(loadConfig({}).mail).toEqual({
      smtp: null,
      maxAttempts: 8,
      pollMs: 15_000,
      maxAgeMs: 72 * 3_600_000,
      link: null,
    });
  });

  it('read SMTP_URL, MAIL_FROM and the outbox settings', () => {
    const config = loadConfig({
      SMTP_URL: `smtps://parley:${SECRET}@mail.example:465`,
      MAIL_FROM: ' Parley <billing@parley.example> ',
      MAIL_MAX_ATTEMPTS: '3',
      MAIL_POLL_SECONDS: '5',
      MAIL_MAX_AGE_HOURS: '24',
      PUBLIC_URL: 'https://parley.example',
    });
    expect(config.mail).toEqual({
      smtp: {
        url: `smtps://parley:${SECRET}@mail.example:465`,
        from: 'Parley <billing@parley.example>',
      },
      maxAttempts: 3,
      pollMs: 5000,
      maxAgeMs: 24 * 3_600_000,
      link: 'https://parley.example/dashboard',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@b.example' }).mail.smtp,
    ).toEqual({ url: 'smtp://127.0.0.1:2525', from: 'a@b.example' });
  });

  it('need MAIL_FROM with SMTP_URL, and SMTP_URL for MAIL_FROM', () => {
    expect(problemsOf({ SMTP_URL: 'smtp://mail.example' })).toEqual([
      'MAIL_FROM: is required when SMTP_URL is set',
    ]);
    expect(problemsOf({ MAIL_FROM: 'a@b.example' })).toEqual([
      'MAIL_FROM: is used only with SMTP_URL',
    ]);
  });

  it('refuse other URLs and bad senders, never repeating the value', () => {
    const problems = problemsOf({
      SMTP_URL: `https://parley:${SECRET}@mail.example`,
      MAIL_FROM: 'Parley <not an address>',
      MAIL_MAX_ATTEMPTS: '0',
      MAIL_POLL_SECONDS: 'often',
    });
    expect(problems).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL',
      'MAIL_FROM: must be an email address, optionally as "Name <address>"',
      'MAIL_MAX_ATTEMPTS: must be at least 1',
      'MAIL_POLL_SECONDS: must be a number',
    ]);
    expect(problems.join('\n')).not.toContain(SECRET);
    expect(
      problemsOf({ SMTP_URL: 'smtp://x', MAIL_FROM: 'a@b.example\r\nBcc: c@d.example' }),
    ).toEqual(['MAIL_FROM: must be an email address, optionally as "Name <address>"']);
    expect(problemsOf({ SMTP_URL: 'not a url', MAIL_FROM: 'a@b.example' })).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    ]);
  });
});
