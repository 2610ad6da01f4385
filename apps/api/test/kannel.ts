// Kannel (bearerbox + smsbox) as a customer's SMPP client for the peer tests: bound as
// transceiver to the SMSC the test names, submitting through smsbox's sendsms interface.
//
// Kannel 1.4.5 cannot submit data_coding 3 (Latin-1): its sendsms `coding` is 0 (GSM
// 7-bit, data_coding 0), 1 (8-bit, 4) or 2 (UCS-2, 8), and `alt-charset` only recodes the
// text under data_coding 0. Latin-1 is tested with the `smpp` package's client instead.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { config, type KannelSmsc } from './kannel-config.js';
import { freePort } from './ports.js';

export type { KannelSmsc };

/** How long the link may take to come online after the boxes start. */
const ONLINE_MS = 30_000;
/** How long a stopping box gets before SIGKILL. */
const STOP_MS = 10_000;

/** Where the boxes are: on PATH, or in /usr/sbin (not on a normal user's PATH). */
function binary(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {}
  }
  return undefined;
}

const BEARERBOX = binary('bearerbox');
const SMSBOX = binary('smsbox');

/** Whether Kannel's bearerbox and smsbox are installed. */
export const kannelAvailable: boolean = Boolean(BEARERBOX && SMSBOX);

/** CI installs Kannel and sets this: there its tests must run, not skip. */
export function requireKannel(): boolean {
  return process.env.PARLEY_REQUIRE_KANNEL === '1';
}

export interface KannelOptions {
  /** False: return once the boxes run, bound or not (to test a refused bind). */
  waitOnline?: boolean;
}

export interface KannelMessage {
  from: string;
  to: string;
  text: string;
  /** 0: GSM 7-bit (data_coding 0), 2: UCS-2 (data_coding 8). */
  coding?: 0 | 2;
  /** Kannel's dlr-mask: 1 delivered, 2 failed, 4 buffered, 8 SMSC ack, 16 SMSC nack. */
  dlrMask?: number;
  dlrUrl?: string;
}

export interface Kannel {
  /** Submits through sendsms; resolves once smsbox accepted it (HTTP 202). */
  send(message: KannelMessage): Promise<void>;
  /** bearerbox's status.txt. */
  status(): Promise<string>;
  /** The link's state in status.txt: online, connecting, re-connecting, disconnected, dead. */
  linkState(): Promise<string>;
  /** The tail of both boxes' log files, for a failing test's message. */
  logs(): string;
  /** Stops smsbox, then bearerbox, by PID (SIGKILL after a bound); removes the temp dir. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function kill(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (!(await exited(child, STOP_MS))) {
    child.kill('SIGKILL');
    await exited(child, 5_000);
  }
}

function tail(file: string, chars = 3_000): string {
  try {
    return fs.readFileSync(file, 'utf8').slice(-chars);
  } catch {
    return '';
  }
}

/**
 * Starts bearerbox and smsbox on free 127.0.0.1 ports, bound to `smsc`, and waits until
 * the link is online. Null when Kannel is not installed (a throw under PARLEY_REQUIRE_KANNEL).
 */
export async function startKannel(
  smsc: KannelSmsc,
  options: KannelOptions = {},
): Promise<Kannel | null> {
  if (!BEARERBOX || !SMSBOX) {
    if (requireKannel())
      throw new Error('PARLEY_REQUIRE_KANNEL is set but Kannel is not installed');
    return null;
  }
  const bin = { bearerbox: BEARERBOX, smsbox: SMSBOX };
  try {
    return await startOnce(bin, smsc, options);
  } catch (err) {
    // bearerbox's admin server has been seen to stop as it starts on a loaded machine:
    // that fault of the peer's, and only that one, gets one more start on fresh ports.
    if (!(err instanceof AdminQuit)) throw err;
    return startOnce(bin, smsc, options);
  }
}

/** What bearerbox logs when its admin HTTP server stops at once (then AdminQuit). */
const ADMIN_QUIT = 'HTTP: No clients with requests, quitting';
class AdminQuit extends Error {}

type Bins = { bearerbox: string; smsbox: string };
async function startOnce(bin: Bins, smsc: KannelSmsc, options: KannelOptions): Promise<Kannel> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-kannel-'));
  const ports = { admin: await freePort(), smsbox: await freePort(), sendsms: await freePort() };
  const secrets = { admin: randomBytes(9).toString('hex'), user: randomBytes(9).toString('hex') };
  const conf = path.join(dir, 'kannel.conf');
  fs.writeFileSync(conf, config(dir, smsc, ports, secrets));
  const children: ChildProcess[] = [];
  // Boxes log to their files; -v 4 keeps the terminal quiet but for panics.
  const box = (bin: string) => {
    const child = spawn(bin, ['-v', '4', conf], { cwd: dir, stdio: 'ignore' });
    children.push(child);
    return child;
  };
  const killOnExit = () => {
    for (const c of children) if (c.pid && c.exitCode === null) process.kill(c.pid, 'SIGKILL');
  };
  process.once('exit', killOnExit);
  const bearerboxLog = path.join(dir, 'bearerbox.log');
  const logs = () =>
    `bearerbox.log:\n${tail(path.join(dir, 'bearerbox.log'))}\nsmsbox.log:\n${tail(path.join(dir, 'smsbox.log'))}`;
  const adminUrl = (page: string) =>
    `http://127.0.0.1:${ports.admin}/${page}?password=${encodeURIComponent(secrets.admin)}`;
  const status = async () => {
    const res = await fetch(adminUrl('status.txt'), { signal: AbortSignal.timeout(2_000) });
    return res.text();
  };
  const linkState = async () =>
    /\bparley\[parley\]\s+S?SMPP:\S+ \(([a-z-]+)/.exec(await status())?.[1] ?? 'unknown';
  const stop = async () => {
    for (const c of [...children].reverse()) await kill(c);
    process.off('exit', killOnExit);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    const bearerbox = box(bin.bearerbox);
    await waitFor('the SMSC link online', async () => {
      if (bearerbox.exitCode !== null) throw new Error('bearerbox exited');
      // Without it nothing can tell whether the link is up.
      if (tail(bearerboxLog, Infinity).includes(ADMIN_QUIT))
        throw new Error("bearerbox's admin server exited");
      const state = await linkState();
      return options.waitOnline === false ? state !== 'unknown' : state === 'online';
    });
    const smsbox = box(bin.smsbox);
    await waitFor('smsbox connected', async () => {
      if (smsbox.exitCode !== null) throw new Error('smsbox exited');
      return /^\s+smsbox:/m.test(await status());
    });
  } catch (err) {
    const failure = new Error(`Kannel did not start: ${String(err)}\n${logs()}`);
    const adminQuit = tail(bearerboxLog, Infinity).includes(ADMIN_QUIT);
    await stop();
    throw adminQuit ? new AdminQuit(failure.message) : failure;
  }

  return {
    async send(message) {
      const query = new URLSearchParams({
        username: 'parley',
        password: secrets.user,
        from: message.from,
        to: message.to,
        text: message.text,
        charset: 'UTF-8',
        coding: String(message.coding ?? 0),
        ...(message.dlrUrl
          ? { 'dlr-mask': String(message.dlrMask ?? 31), 'dlr-url': message.dlrUrl }
          : {}),
      });
      const res = await fetch(`http://127.0.0.1:${ports.sendsms}/cgi-bin/sendsms?${query}`, {
        signal: AbortSignal.timeout(5_000),
      });
      const body = await res.text();
      if (res.status !== 202) throw new Error(`sendsms answered ${res.status}: ${body.trim()}`);
    },
    status,
    linkState,
    logs,
    stop,
  };
}

async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + ONLINE_MS;
  let last: unknown;
  while (Date.now() < end) {
    try {
      if (await check()) return;
    } catch (err) {
      last = err;
      if (String(err).includes('exited')) throw err;
    }
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ''}`);
}
