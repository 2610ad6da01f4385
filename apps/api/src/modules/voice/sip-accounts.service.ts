import { createHash, randomBytes, randomInt } from 'node:crypto';
import { planAllowance, type SipAccount } from '@parley/shared';
import type { VoiceConfig } from '../../config/voice-config.js';
import { AppError } from '../../lib/app-error.js';
import { ConstraintError } from '../../lib/constraint-error.js';
import type { SecretBox } from '../auth/secret-box.js';
import type { SipAccountRow, VoiceAccountsRepo } from './voice-accounts.repo.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The digest hashes a SIP server checks a password against, for one realm (the domain). */
export function digestHashes(username: string, domain: string, password: string) {
  return {
    ha1: md5(`${username}:${domain}:${password}`),
    ha1b: md5(`${username}@${domain}:${domain}:${password}`),
  };
}

/** 20 letters and digits (about 119 bits): strong, and typed into a softphone without fuss. */
export function newSipPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** `p` and nine digits: unique on the platform, and never anyone's email or name. */
const newUsername = () => `p${randomInt(100_000_000, 1_000_000_000)}`;

/** Every customer's SIP account, made on first use; passwords readable only by them. */
export function createSipAccountsService(deps: {
  repo: Pick<VoiceAccountsRepo, 'account' | 'createAccount' | 'setPassword' | 'activePackages'>;
  box: SecretBox;
  config: Pick<VoiceConfig, 'domain' | 'ports' | 'wssUrl'>;
  activeCalls: (userId: string) => Promise<number>;
}) {
  const { repo, box, config } = deps;

  const sealed = (username: string, password: string) => ({
    ...digestHashes(username, config.domain, password),
    passwordBox: box.seal(password),
  });

  async function ensure(userId: string): Promise<SipAccountRow> {
    const existing = await repo.account(userId);
    if (existing) return existing;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const username = newUsername();
      try {
        const row = await repo.createAccount({
          userId,
          username,
          domain: config.domain,
          ...sealed(username, newSipPassword()),
        });
        // Null: another request made it first.
        return row ?? (await repo.account(userId)) ?? Promise.reject(new Error('no account'));
      } catch (err) {
        if (!(err instanceof ConstraintError)) throw err;
      }
    }
    throw new AppError('SERVICE_UNAVAILABLE', 'Could not create a SIP account; try again.');
  }

  async function view(userId: string, row: SipAccountRow): Promise<SipAccount> {
    const password = box.open(row.passwordBox);
    if (password === null)
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The SIP password cannot be read with this key; regenerate it.',
      );
    const plan = planAllowance(await repo.activePackages(userId), new Date());
    return {
      username: row.username,
      password,
      domain: config.domain,
      ports: config.ports,
      wssUrl: config.wssUrl,
      concurrentCalls: plan.concurrentCalls,
      activeCalls: await deps.activeCalls(userId),
    };
  }

  return {
    ensure,
    async account(userId: string) {
      return view(userId, await ensure(userId));
    },
    /** A new password, effective at once: the hashes the SIP server reads change with it. */
    async regenerate(userId: string) {
      const row = await ensure(userId);
      const updated = await repo.setPassword(userId, sealed(row.username, newSipPassword()));
      return view(userId, updated ?? row);
    },
  };
}
export type SipAccountsService = ReturnType<typeof createSipAccountsService>;
