import { describe, expect, it } from 'vitest';
import { kamailioSettings } from './kamailio-config.js';

const base = {
  domain: 'sip.example.com',
  listen: { address: '0.0.0.0', port: 5060 },
  databaseUrl: 'postgres://kamailio:s3cret@db.internal:5432/parley',
  authFailLimit: 5,
  authBanSeconds: 300,
};

describe("the SIP edge's settings file", () => {
  it('writes listen lines and defines from the settings', () => {
    expect(kamailioSettings(base).split('\n')).toEqual([
      '# Rendered by Parley (npm run voice:edge) from its settings. Do not edit.',
      'listen=udp:0.0.0.0:5060',
      'listen=tcp:0.0.0.0:5060',
      '#!define SIP_DOMAIN "sip.example.com"',
      '#!define DB_URL "postgres://kamailio:s3cret@db.internal:5432/parley"',
      '#!define AUTH_FAIL_LIMIT 5',
      '#!substdef "!AUTH_BAN_SECONDS!300!g"',
      '',
    ]);
    expect(kamailioSettings({ ...base, listen: { address: '::1', port: 5080 } })).toContain(
      'listen=udp:[::1]:5080',
    );
  });

  it('refuses a value that could break out of the configuration', () => {
    expect(() => kamailioSettings({ ...base, domain: 'x" \n#!define' })).toThrow(/SIP_DOMAIN/);
    expect(() =>
      kamailioSettings({ ...base, listen: { address: '1.2.3.4\nx', port: 1 } }),
    ).toThrow();
    expect(() => kamailioSettings({ ...base, authFailLimit: 0 })).toThrow();
    expect(() =>
      kamailioSettings({ ...base, listen: { address: '0.0.0.0', port: 70000 } }),
    ).toThrow();
  });
});
