// A Litecoin Core node on regtest for the chain watcher's peer tests (issue 34).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addressOfScript } from '@parley/shared/watch-keys';
import { hex } from '@scure/base';
import { Address, OutScript } from '@scure/btc-signer';
import { jsonRpc } from '../src/integrations/chains/json-rpc.js';
import { freePort } from './ports.js';

const BINARY = 'litecoind';
/** How long the node may take to answer RPC after it starts. */
const START_MS = 30_000;
/** How long a stopping node gets before SIGKILL. */
const STOP_MS = 15_000;
/** Blocks mined at start: coinbase outputs mature after 100, so the wallet can spend. */
const MATURE = 101;
/** Bitcoin's regtest address prefixes (@scure/btc-signer's network shape). */
const BTC_REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0 };

function onPath(bin: string): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        fs.accessSync(path.join(dir, bin), fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** Whether litecoind is on PATH. */
export const litecoindAvailable: boolean = onPath(BINARY);

/** CI installs litecoind and sets this: there the peer tests must run, not skip. */
export function requireChainNodes(): boolean {
  return process.env.PARLEY_REQUIRE_CHAIN_NODES === '1';
}

export interface Litecoind {
  /** http://user:pass@127.0.0.1:<port>/ on regtest. */
  rpcUrl: string;
  rpc<T>(method: string, params?: unknown[]): Promise<T>;
  /** Pays from the node's own test wallet; the txid. Amounts as decimal strings. */
  send(address: string, amount: string): Promise<string>;
  sendMany(outputs: Record<string, string>): Promise<string>;
  /** Mines to an address of the node's wallet; the new blocks' hashes. */
  mine(blocks: number): Promise<string[]>;
  invalidate(hash: string): Promise<void>;
  /** Stops the node by PID (SIGTERM, SIGKILL after a bound), keeping its data directory. */
  halt(): Promise<void>;
  /** Starts it again on the same data directory, ports and wallet. */
  resume(): Promise<void>;
  /** SIGTERM by PID, SIGKILL after a bound, then the data directory is removed. */
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

/**
 * Starts `litecoind -regtest` on 127.0.0.1 with a temporary data directory, random ports
 * and credentials, a wallet and 101 mined blocks. `-dustrelayfee=0` lets the tests pay
 * one litoshi (the node refuses dust outputs otherwise); Litecoin Core 0.21 makes bech32
 * (`rltc1…`) addresses by default and MWEB stays inactive on regtest until signalled.
 */
export async function startLitecoind(opts: { args?: string[] } = {}): Promise<Litecoind> {
  const datadir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-litecoind-'));
  const rpcPort = await freePort();
  const p2pPort = await freePort();
  const user = `u${randomBytes(6).toString('hex')}`;
  const password = randomBytes(18).toString('hex');
  const args = [
    '-regtest',
    `-datadir=${datadir}`,
    '-server=1',
    `-rpcport=${rpcPort}`,
    '-rpcbind=127.0.0.1',
    '-rpcallowip=127.0.0.1',
    `-rpcuser=${user}`,
    `-rpcpassword=${password}`,
    `-port=${p2pPort}`,
    '-listen=0',
    '-listenonion=0',
    '-discover=0',
    '-dnsseed=0',
    '-fallbackfee=0.0001',
    '-dustrelayfee=0',
    '-printtoconsole=0',
    ...(opts.args ?? []),
  ];
  const rpcUrl = `http://${user}:${password}@127.0.0.1:${rpcPort}/`;
  let stderr = '';
  const spawnNode = (): ChildProcess => {
    const started = spawn(BINARY, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    stderr = '';
    started.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2_000);
    });
    return started;
  };
  let child = spawnNode();
  // A test run that dies without stop() leaves no node behind.
  const killOnExit = () => {
    if (child.pid && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
  };
  process.once('exit', killOnExit);

  async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
    const answer = await jsonRpc<T>({ url: rpcUrl, timeoutMs: 30_000 }, method, params);
    if ('error' in answer)
      throw new Error(`litecoind ${method}: ${answer.error.message} (${answer.error.code})`);
    return answer.result;
  }

  async function halt(): Promise<void> {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(child.pid, 'SIGTERM');
      if (!(await exited(child, STOP_MS))) {
        process.kill(child.pid, 'SIGKILL');
        await exited(child, 5_000);
      }
    }
  }

  async function stop(): Promise<void> {
    await halt();
    process.off('exit', killOnExit);
    fs.rmSync(datadir, { recursive: true, force: true });
  }

  let minerAddress = '';
  const mine = (blocks: number) => rpc<string[]>('generatetoaddress', [blocks, minerAddress]);
  try {
    await waitForRpc(child, rpc, () => stderr);
    await rpc('createwallet', ['parley-test']);
    minerAddress = await rpc<string>('getnewaddress');
    await mine(MATURE);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    rpcUrl,
    rpc,
    send: (address, amount) => rpc<string>('sendtoaddress', [address, amount]),
    sendMany: (outputs) => rpc<string>('sendmany', ['', outputs]),
    mine,
    invalidate: async (hash) => {
      await rpc('invalidateblock', [hash]);
    },
    halt,
    async resume() {
      child = spawnNode();
      await waitForRpc(child, rpc, () => stderr);
      await rpc('loadwallet', ['parley-test']);
    },
    stop,
  };
}

/** A fresh Bitcoin regtest address (bcrt1q…) and the same script as Litecoin regtest writes it, to pay it from the node. */
export function regtestAddress(): { btc: string; ltc: string } {
  const btc = Address(BTC_REGTEST).encode({ type: 'wpkh', hash: randomBytes(20) });
  return { btc, ltc: litecoinFormOf(btc) };
}

/** A Bitcoin regtest address as Litecoin regtest writes the same script (to pay it there). */
export function litecoinFormOf(btcAddress: string): string {
  const script = hex.encode(OutScript.encode(Address(BTC_REGTEST).decode(btcAddress)));
  const written = addressOfScript('litecoin', 'regtest', script);
  if (!written) throw new Error('no Litecoin form');
  return written;
}

async function waitForRpc(
  child: ChildProcess,
  rpc: (method: string) => Promise<unknown>,
  stderr: () => string,
): Promise<void> {
  const deadline = Date.now() + START_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`litecoind exited at start: ${stderr().trim()}`);
    try {
      await rpc('getblockchaininfo');
      return;
    } catch (err) {
      // Refused while it binds, or "Loading block index" (-28) while it warms up.
      if (Date.now() > deadline) throw new Error(`litecoind did not answer RPC: ${String(err)}`);
    }
    await sleep(200);
  }
}
