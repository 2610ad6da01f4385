import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers.js';
import { ConfigError, loadConfig } from './env.js';
import { resolveSessionSecret } from './session-secret.js';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

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

  it('reads RATE_MAX_AGE_HOURS, 24 hours unless set', () => {
    expect(loadConfig({}).rateMaxAgeMs).toBe(24 * 3_600_000);
    expect(loadConfig({ RATE_MAX_AGE_HOURS: '0.5' }).rateMaxAgeMs).toBe(1_800_000);
    expect(problemsOf({ RATE_MAX_AGE_HOURS: '-1' })[0]).toMatch(/^RATE_MAX_AGE_HOURS: /);
    expect(problemsOf({ RATE_MAX_AGE_HOURS: 'soon' })[0]).toMatch(/^RATE_MAX_AGE_HOURS: /);
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

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT: /);
  });

  it('requires SESSION_SECRET in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'SESSION_SECRET: is required when NODE_ENV=production',
    ]);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).nodeEnv).toBe(
      'production',
    );
  });
});

describe('resolveSessionSecret', () => {
  it('generates a secret once in the data folder, owner-only, and reuses it', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = resolveSessionSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'session-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSessionSecret(config)).toBe(first);
  });

  it('prefers the environment and writes nothing', () => {
    const dataDir = tempDir();
    const secret = 'e'.repeat(48);
    expect(resolveSessionSecret(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret }))).toBe(
      secret,
    );
    expect(fs.existsSync(path.join(dataDir, 'session-secret'))).toBe(false);
  });
});
