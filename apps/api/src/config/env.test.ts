import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../test/config-problems.js';
import { loadConfig } from './env.js';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 5000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      logLevel: 'info',
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({
      port: 5000,
      databaseUrl: undefined,
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/parley',
      DATABASE_URL: 'postgres://u:p@db:5432/parley',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://parley.example',
      WHATSAPP_URL: 'https://wa.me/441234567890',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/parley',
      databaseUrl: 'postgres://u:p@db:5432/parley',
      logLevel: 'warn',
      publicUrl: 'https://parley.example',
      whatsappUrl: 'https://wa.me/441234567890',
      telegramUrl: null,
    });
  });

  it('names every bad key at once, without echoing values', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://root@localhost/x',
      LOG_LEVEL: 'loud',
      SESSION_SECRET: 'short-secret-value',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
      'SESSION_SECRET',
    ]);
    expect(problems.join('\n')).not.toContain('short-secret-value');
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together, the password at least 10 characters', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'ops@example.com' })).toEqual([
      'ADMIN_PASSWORD: is required with the other',
    ]);
    expect(problemsOf({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'short' })[0]).toMatch(
      /^ADMIN_PASSWORD: /,
    );
    expect(
      loadConfig({ ADMIN_EMAIL: 'Ops@Example.com', ADMIN_PASSWORD: 'long enough password' }).admin,
    ).toEqual({
      email: 'ops@example.com',
      password: 'long enough password',
      totpSecret: null,
    });
  });

  it('reads ADMIN_TOTP_SECRET as base32 of at least 128 bits, with ADMIN_EMAIL only', () => {
    const admin = { ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'long enough password' };
    expect(
      loadConfig({ ...admin, ADMIN_TOTP_SECRET: 'jbsw y3dp ehpk 3pxp jbsw y3dp ehpk 3pxp' }).admin
        ?.totpSecret,
    ).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(problemsOf({ ...admin, ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXP' })[0]).toMatch(
      /^ADMIN_TOTP_SECRET: must hold at least 128 bits/,
    );
    expect(problemsOf({ ...admin, ADMIN_TOTP_SECRET: `${'A'.repeat(30)}18` })[0]).toMatch(
      /^ADMIN_TOTP_SECRET: must be base32/,
    );
    expect(problemsOf({ ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })).toEqual([
      'ADMIN_TOTP_SECRET: needs ADMIN_EMAIL and ADMIN_PASSWORD',
    ]);
  });

  it('takes TOTP_ENCRYPTION_KEY of at least 32 characters', () => {
    expect(loadConfig({}).totpEncryptionKey).toBeUndefined();
    expect(problemsOf({ TOTP_ENCRYPTION_KEY: 'short' })[0]).toMatch(/^TOTP_ENCRYPTION_KEY: /);
  });

  it('reads AUTH_LIMIT_FACTOR as a whole number of at least 1', () => {
    expect(loadConfig({}).authLimitFactor).toBe(1);
    expect(loadConfig({ AUTH_LIMIT_FACTOR: '100' }).authLimitFactor).toBe(100);
    expect(problemsOf({ AUTH_LIMIT_FACTOR: '0' })[0]).toMatch(/^AUTH_LIMIT_FACTOR: /);
  });

  it('reads CALLER_ID_CODES_PER_HOUR: 100 by default, a whole number, times AUTH_LIMIT_FACTOR', () => {
    expect(loadConfig({}).callerIdCodesPerHour).toBe(100);
    expect(loadConfig({ CALLER_ID_CODES_PER_HOUR: '20' }).callerIdCodesPerHour).toBe(20);
    expect(
      loadConfig({ CALLER_ID_CODES_PER_HOUR: '20', AUTH_LIMIT_FACTOR: '10' }).callerIdCodesPerHour,
    ).toBe(200);
    for (const bad of ['0', '2.5', 'many', '100001'])
      expect(problemsOf({ CALLER_ID_CODES_PER_HOUR: bad })[0]).toMatch(
        /^CALLER_ID_CODES_PER_HOUR: must be/,
      );
  });

  it('reads TRUST_PROXY as a hop count or proxy addresses, never true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2' }).trustProxy).toEqual(['10.0.0.2']);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,2001:db8::/32,loopback' }).trustProxy,
    ).toEqual(['10.0.0.2', '10.1.0.0/16', '2001:db8::/32', 'loopback']);
    const [refusal] = problemsOf({ TRUST_PROXY: 'true' });
    expect(refusal).toMatch(/^TRUST_PROXY: 'true' would trust an X-Forwarded-For header/);
    for (const bad of ['yes', '0', '11', '10.0.0.2,', '10.0.0.0/33', '2001:db8::/129', 'proxy.lan'])
      expect(problemsOf({ TRUST_PROXY: bad })[0], bad).toMatch(/^TRUST_PROXY: /);
  });

  it('reads the rate-limit settings', () => {
    expect(loadConfig({})).toMatchObject({ redis: null, catalogueSearchPerMinute: 120 });
    expect(
      loadConfig({
        REDIS_URL: 'redis://:secret@cache:6379/2',
        REDIS_KEY_PREFIX: 'shop1:',
        CATALOGUE_SEARCH_LIMIT: '30',
        AUTH_LIMIT_FACTOR: '10',
      }),
    ).toMatchObject({
      redis: { url: 'redis://:secret@cache:6379/2', keyPrefix: 'shop1:' },
      catalogueSearchPerMinute: 300,
      authLimitFactor: 10,
    });
    expect(loadConfig({ REDIS_URL: 'rediss://cache:6380' }).redis?.keyPrefix).toBe(
      'parley:limits:',
    );
    const problems = problemsOf({
      REDIS_URL: 'http://cache:6379',
      REDIS_KEY_PREFIX: 'a b',
      CATALOGUE_SEARCH_LIMIT: '0',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'CATALOGUE_SEARCH_LIMIT',
      'REDIS_KEY_PREFIX',
      'REDIS_URL',
    ]);
  });

  it('reads the session lifetimes and the event stream settings', () => {
    expect(loadConfig({})).toMatchObject({
      sessions: {
        customer: { idleSeconds: 30 * 86_400, maxSeconds: 30 * 86_400 },
        admin: { idleSeconds: 30 * 60, maxSeconds: 12 * 3600 },
      },
      eventStreams: { perUser: 5, total: 1000, heartbeatMs: 20_000 },
    });
    expect(
      loadConfig({
        CUSTOMER_SESSION_MAX_DAYS: '7',
        ADMIN_SESSION_MAX_HOURS: '8',
        ADMIN_SESSION_IDLE_MINUTES: '15',
        EVENT_STREAMS_PER_USER: '3',
        EVENT_STREAMS_TOTAL: '50',
        EVENT_HEARTBEAT_MS: '500',
      }),
    ).toMatchObject({
      sessions: {
        customer: { maxSeconds: 7 * 86_400 },
        admin: { idleSeconds: 15 * 60, maxSeconds: 8 * 3600 },
      },
      eventStreams: { perUser: 3, total: 50, heartbeatMs: 500 },
    });
    expect(
      problemsOf({
        EVENT_HEARTBEAT_MS: '10',
        EVENT_STREAMS_PER_USER: '0',
        ADMIN_SESSION_MAX_HOURS: 'x',
      })
        .map((p) => p.split(':')[0])
        .sort(),
    ).toEqual(['ADMIN_SESSION_MAX_HOURS', 'EVENT_HEARTBEAT_MS', 'EVENT_STREAMS_PER_USER']);
  });

  it('makes the session cookie Secure in production or with an https PUBLIC_URL', () => {
    expect(loadConfig({}).secureCookies).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://parley.example.com' }).secureCookies).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://parley.example.com' })
        .secureCookies,
    ).toBe(true);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        SMS_GATEWAY: 'sandbox',
        VOICE_GATEWAY: 'sandbox',
      }).secureCookies,
    ).toBe(true);
  });

  it('reads the PostgreSQL pool sizes and statement timeout', () => {
    expect(loadConfig({}).databasePool).toEqual({ max: 10, jobsMax: 3, statementTimeoutMs: null });
    expect(
      loadConfig({
        DATABASE_POOL_SIZE: '25',
        DATABASE_JOBS_POOL_SIZE: '5',
        DATABASE_STATEMENT_TIMEOUT: '30s',
      }).databasePool,
    ).toEqual({ max: 25, jobsMax: 5, statementTimeoutMs: 30_000 });
    expect(
      problemsOf({
        DATABASE_POOL_SIZE: '0',
        DATABASE_JOBS_POOL_SIZE: '101',
        DATABASE_STATEMENT_TIMEOUT: 'soon',
      }),
    ).toEqual([
      'DATABASE_POOL_SIZE: must be at least 1',
      'DATABASE_JOBS_POOL_SIZE: must be at most 100',
      'DATABASE_STATEMENT_TIMEOUT: must be a duration such as 90s, 30m, 48h or 2d',
    ]);
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT: /);
  });

  it('requires SESSION_SECRET, SMS_GATEWAY and VOICE_GATEWAY in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'SESSION_SECRET: is required when NODE_ENV=production',
      "SMS_GATEWAY: is required when NODE_ENV=production ('sandbox' or 'smpp')",
      "VOICE_GATEWAY: is required when NODE_ENV=production ('sandbox' or 'sip')",
    ]);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        SMS_GATEWAY: 'sandbox',
        VOICE_GATEWAY: 'sandbox',
      }).nodeEnv,
    ).toBe('production');
  });

  it("refuses a chain watcher's crash-test pause in production, and a pause point it lacks", () => {
    const base = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      SMS_GATEWAY: 'sandbox',
      VOICE_GATEWAY: 'sandbox',
    };
    expect(problemsOf({ ...base, CHAIN_TEST_PAUSE: 'credit' })).toEqual([
      'CHAIN_TEST_PAUSE: is for crash tests only, never NODE_ENV=production',
    ]);
    expect(problemsOf({ CHAIN_TEST_PAUSE: 'later' })[0]).toMatch(/^CHAIN_TEST_PAUSE: /);
  });

  it('never picks the sandbox silently in production', () => {
    const base = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(problemsOf({ ...base, VOICE_GATEWAY: 'sandbox' })).toEqual([
      "SMS_GATEWAY: is required when NODE_ENV=production ('sandbox' or 'smpp')",
    ]);
    expect(problemsOf({ ...base, SMS_GATEWAY: 'sandbox' })).toEqual([
      "VOICE_GATEWAY: is required when NODE_ENV=production ('sandbox' or 'sip')",
    ]);
    // Blank counts as unset.
    expect(problemsOf({ ...base, SMS_GATEWAY: ' ' })[0]).toMatch(/^SMS_GATEWAY: /);
    expect(
      loadConfig({ ...base, SMS_GATEWAY: 'sandbox', VOICE_GATEWAY: 'sandbox' }).sms.gateway,
    ).toBe('sandbox');
    expect(
      loadConfig({
        ...base,
        VOICE_GATEWAY: 'sip',
        VOICE_EDGE_SECRET: 'e'.repeat(32),
        SMS_GATEWAY: 'smpp',
        SMPP_HOST: 'smsc.example',
        SMPP_SYSTEM_ID: 'parley',
        SMPP_PASSWORD: 'secret',
      }).sms.gateway,
    ).toBe('smpp');
    // Outside production the sandbox stays the default.
    expect(loadConfig({ NODE_ENV: 'development' }).sms.gateway).toBe('sandbox');
  });
});
