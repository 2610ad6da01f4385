import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';
import { mailEdgeSettings } from './mail-edge-config.js';

const env = {
  NODE_ENV: 'test',
  DATA_DIR: '/var/lib/parley',
  MAIL_HOST: 'mail.example.com',
  MAIL_EDGE_SECRET: 's'.repeat(32),
  MAIL_EDGE_TLS_CERT: '/etc/parley/mail.pem',
  MAIL_EDGE_TLS_KEY: '/etc/parley/mail.key',
};
const settingsOf = (extra: Record<string, string | undefined> = {}) => {
  const all = { ...env, ...extra };
  return mailEdgeSettings(loadConfig(all), all);
};
const problemKeys = (s: ReturnType<typeof settingsOf>) =>
  'problems' in s ? s.problems.map((p) => p.split(':')[0]) : [];

describe("the mail edge's settings from the environment", () => {
  it('listens on loopback by default, on 587, 465 and 25, delivering to MX hosts on 25', () => {
    const s = settingsOf();
    if ('problems' in s) throw new Error(s.problems.join());
    expect(s.settings).toMatchObject({
      host: 'mail.example.com',
      listen: '127.0.0.1',
      ports: { submission: 587, smtps: 465, bounce: 25 },
      parleyUrl: 'http://127.0.0.1:5000',
      relay: null,
      deliveryPort: 25,
      queueDir: path.join('/var/lib/parley', 'mail-edge'),
      retryIntervals: null,
      localMxOk: false,
    });
  });

  it('reads a smarthost with its login, and the test knobs', () => {
    const s = settingsOf({
      MAIL_RELAY_URL: 'smtp://relay%40acme:p%3Ass@smtp.relay.example:2525',
      MAIL_EDGE_RETRY_INTERVALS: '5s*3, 1m',
      MAIL_EDGE_LOCAL_MX_OK: 'true',
      MAIL_EDGE_LISTEN: '::',
      MAIL_EDGE_PARLEY_URL: 'http://10.0.0.5:5000/',
    });
    if ('problems' in s) throw new Error(s.problems.join());
    expect(s.settings.relay).toEqual({
      host: 'smtp.relay.example',
      port: 2525,
      username: 'relay@acme',
      password: 'p:ss',
    });
    expect(s.settings.retryIntervals).toBe('5s*3,1m');
    expect(s.settings.localMxOk).toBe(true);
    expect(s.settings.listen).toBe('::');
    expect(s.settings.parleyUrl).toBe('http://10.0.0.5:5000');
  });

  it('names each variable that stops it, never its value', () => {
    expect(
      problemKeys(settingsOf({ MAIL_EDGE_TLS_CERT: undefined, MAIL_EDGE_SECRET: undefined })),
    ).toEqual(['MAIL_EDGE_SECRET', 'MAIL_EDGE_TLS_CERT and MAIL_EDGE_TLS_KEY']);
    expect(problemKeys(settingsOf({ MAIL_RELAY_URL: 'http://relay.example:25' }))).toEqual([
      'MAIL_RELAY_URL',
    ]);
    expect(problemKeys(settingsOf({ MAIL_RELAY_URL: 'smtp://relay.example' }))).toEqual([
      'MAIL_RELAY_URL',
    ]);
    expect(problemKeys(settingsOf({ MAIL_EDGE_RETRY_INTERVALS: '1s,5m' }))).toEqual([
      'MAIL_EDGE_RETRY_INTERVALS',
    ]);
    expect(problemKeys(settingsOf({ MAIL_EDGE_RETRY_INTERVALS: 'soon' }))).toEqual([
      'MAIL_EDGE_RETRY_INTERVALS',
    ]);
    expect(problemKeys(settingsOf({ MAIL_EDGE_QUEUE_DIR: 'relative/queue' }))).toEqual([
      'MAIL_EDGE_QUEUE_DIR',
    ]);
    expect(problemKeys(settingsOf({ MAIL_EDGE_LISTEN: 'mail.example.com' }))).toEqual([
      'MAIL_EDGE_LISTEN',
    ]);
    expect(problemKeys(settingsOf({ MAIL_EDGE_BOUNCE_PORT: '587' }))).toEqual([
      'MAIL_EDGE_SUBMISSION_PORT, MAIL_EDGE_SMTPS_PORT and MAIL_EDGE_BOUNCE_PORT',
    ]);
    const s = settingsOf({ MAIL_RELAY_URL: 'smtp://u:secret-value@h' });
    expect(JSON.stringify(s)).not.toContain('secret-value');
  });
});
