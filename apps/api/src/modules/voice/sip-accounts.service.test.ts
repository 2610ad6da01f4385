import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { ConstraintError } from '../../lib/constraint-error.js';
import type { SecretBox } from '../auth/secret-box.js';
import { createSipAccountsService, digestHashes } from './sip-accounts.service.js';
import type { SipAccountRow } from './voice-accounts.repo.js';

const DOMAIN = 'sip.example.com';

/** A box that "seals" by prefixing, and cannot open what another key sealed. */
const box = {
  seal: (plain: string) => `sealed:${plain}`,
  open: (sealed: string) => (sealed.startsWith('sealed:') ? sealed.slice(7) : null),
} as SecretBox;

/** The service over a fake repo; `taken` usernames refuse as duplicates, `stored` exists. */
function setUp(opts: { stored?: SipAccountRow; takenTimes?: number; raced?: SipAccountRow }) {
  const steps: string[] = [];
  let stored = opts.stored ?? null;
  let refusals = opts.takenTimes ?? 0;
  const repo = {
    account: async () => stored,
    async createAccount(values: SipAccountRow) {
      steps.push('create');
      if (refusals > 0) {
        refusals -= 1;
        throw new ConstraintError('duplicate');
      }
      if (opts.raced) {
        stored = opts.raced;
        return null;
      }
      stored = values;
      return values;
    },
    async setPassword(_userId: string, secrets: Partial<SipAccountRow>) {
      steps.push('set password');
      stored = { ...(stored as SipAccountRow), ...secrets };
      return stored;
    },
    activePackages: async () => [],
  };
  const service = createSipAccountsService({
    repo: repo as never,
    box,
    config: { domain: DOMAIN, ports: { udp: 5060 } as never, wssUrl: 'wss://x' },
    activeCalls: async () => 1,
  });
  return { service, steps, stored: () => stored };
}

describe('a customer’s SIP account', () => {
  it('is made on first use with a platform username and digest hashes of its password', async () => {
    const t = setUp({});
    const account = await t.service.account('u1');
    expect(account.username).toMatch(/^p\d{9}$/);
    expect(account.password).toMatch(/^[A-Za-z2-9]{20}$/);
    expect(t.stored()).toMatchObject({
      ...digestHashes(account.username, DOMAIN, account.password),
      passwordBox: `sealed:${account.password}`,
    });
    expect(account).toMatchObject({ domain: DOMAIN, activeCalls: 1 });
  });

  it('tries another username when one is taken, and gives up after five', async () => {
    const t = setUp({ takenTimes: 2 });
    await t.service.account('u1');
    expect(t.steps).toEqual(['create', 'create', 'create']);
    const hopeless = setUp({ takenTimes: 9 });
    const err = await hopeless.service.account('u1').catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('SERVICE_UNAVAILABLE');
    expect(hopeless.steps).toHaveLength(5);
  });

  it('answers the account another request made first', async () => {
    const raced = { username: 'p123456789', passwordBox: 'sealed:first' } as SipAccountRow;
    const t = setUp({ raced });
    expect((await t.service.account('u1')).password).toBe('first');
  });

  it('refuses to show a password sealed with another key', async () => {
    const t = setUp({ stored: { username: 'p1', passwordBox: 'other-key' } as SipAccountRow });
    const err = await t.service.account('u1').catch((e) => e);
    expect(err.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('regenerates a password that the hashes follow at once', async () => {
    const stored = { username: 'p111111111', passwordBox: 'sealed:old' } as SipAccountRow;
    const t = setUp({ stored });
    const account = await t.service.regenerate('u1');
    expect(account.password).not.toBe('old');
    expect(t.stored()).toMatchObject(digestHashes('p111111111', DOMAIN, account.password));
    expect(t.steps).toEqual(['set password']);
  });
});
