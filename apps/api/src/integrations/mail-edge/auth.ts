import type { HarakaConnection } from './haraka-runtime.js';
import type { ParleyClient } from './parley-client.js';

/** Failed logins from one address within WINDOW_MS before it is refused until the window ends. */
export const AUTH_FAIL_LIMIT = 10;
export const AUTH_WINDOW_MS = 10 * 60_000;

/** Failed logins per client address (this process's memory: Parley limits too). */
export function authFailures(now: () => number = Date.now) {
  const seen = new Map<string, { count: number; since: number }>();
  const current = (ip: string) => {
    const entry = seen.get(ip);
    if (entry && now() - entry.since > AUTH_WINDOW_MS) {
      seen.delete(ip);
      return undefined;
    }
    return entry;
  };
  return {
    blocked: (ip: string) => (current(ip)?.count ?? 0) >= AUTH_FAIL_LIMIT,
    failed(ip: string) {
      const entry = current(ip) ?? { count: 0, since: now() };
      entry.count += 1;
      seen.set(ip, entry);
      if (seen.size > 100_000) seen.delete(seen.keys().next().value as string);
    },
    succeeded: (ip: string) => seen.delete(ip),
  };
}

/** What Haraka's auth_base passes back: valid, and the reply (`"5.7.8 text"`) when not. */
type Verdict = (valid: boolean, reply?: { code: number; message: string }) => void;

const TOO_MANY = { code: 454, message: '4.7.0 Too many failed logins, try again later' };
const TEMPORARY = { code: 454, message: '4.7.0 Temporary authentication failure' };
const WRONG = { code: 535, message: '5.7.8 Authentication credentials invalid' };

/**
 * AUTH PLAIN and LOGIN (Haraka's auth_base asks): offered only over TLS on the submission
 * ports, checked by Parley; the failures of an address are counted.
 */
export function authHooks(
  client: ParleyClient,
  ports: { bounce: number },
  failures = authFailures(),
) {
  return {
    capabilities(connection: HarakaConnection) {
      if (!connection.tls.enabled || connection.local.port === ports.bounce) return;
      connection.capabilities.push('AUTH PLAIN LOGIN');
      connection.notes.allowed_auth_methods = ['PLAIN', 'LOGIN'];
    },

    check(connection: HarakaConnection, username: string, password: string, verdict: Verdict) {
      const ip = connection.remote.ip;
      if (!connection.tls.enabled || connection.local.port === ports.bounce)
        return verdict(false, WRONG);
      if (failures.blocked(ip)) return verdict(false, TOO_MANY);
      // Nothing Parley could take: never asked, counted as a failure.
      const unfit = (v: string, max: number) =>
        // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is refused
        !v || v.length > max || /[\x00-\x1f\x7f]/.test(v);
      if (unfit(username, 128) || unfit(password, 256)) {
        failures.failed(ip);
        return verdict(false, WRONG);
      }
      client.auth({ username, password, remoteIp: ip.slice(0, 64) }).then(
        (answer) => {
          if (answer.allowed) {
            failures.succeeded(ip);
            connection.notes.parleyCredential = answer.credentialId;
            return verdict(true);
          }
          failures.failed(ip);
          const { code, enhanced, message } = answer.reply;
          verdict(false, { code, message: `${enhanced} ${message}` });
        },
        () => verdict(false, TEMPORARY),
      );
    },
  };
}
