// anvil (Foundry's local EVM node) for the EVM adapter's peer tests: started on a free
// port of 127.0.0.1 with manual mining, driven over its JSON-RPC, stopped by its PID.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { toUnits } from '@parley/shared';
import { toChecksumAddress } from '@parley/shared/chains';
import { freePort } from './ports.js';

const require = createRequire(import.meta.url);

/** @foundry-rs/anvil ships its binary in one optional package per platform. */
const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': 'linux-amd64',
  'linux-arm64': 'linux-arm64',
  'darwin-x64': 'darwin-amd64',
  'darwin-arm64': 'darwin-arm64',
  'win32-x64': 'win32-amd64',
};

function locateAnvil(): string | null {
  const suffix = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!suffix) return null;
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  try {
    const pkg = require.resolve(`@foundry-rs/anvil-${suffix}/package.json`);
    const bin = path.join(path.dirname(pkg), 'bin', exe);
    return fs.existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

/** The anvil binary from node_modules, or null where npm installed none. */
export const anvilPath = locateAnvil();
export const anvilAvailable: boolean = anvilPath !== null;

const TOKEN = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures/test-token.json'), 'utf8'),
) as { bytecode: string };

/** How long anvil may take to answer its first call (it starts in well under a second). */
const START_MS = 15_000;
const STOP_MS = 5_000;
/** Gas given outright, so a transaction bound to revert is still sent (no estimate). */
const GAS = '0x30d40';

const hex = (n: bigint) => `0x${n.toString(16)}`;
const word = (n: bigint) => n.toString(16).padStart(64, '0');

/** ABI encoding of `(string, uint8)`, the test token's constructor arguments. */
function constructorArgs(symbol: string, decimals: number): string {
  const bytes = Buffer.from(symbol, 'utf8');
  const padded = bytes.toString('hex').padEnd(Math.ceil(bytes.length / 32) * 64, '0');
  return word(64n) + word(BigInt(decimals)) + word(BigInt(bytes.length)) + padded;
}

export interface Anvil {
  rpcUrl: string;
  pid: number;
  rpc<T>(method: string, params?: unknown[]): Promise<T>;
  /** anvil's unlocked dev accounts; the first one sends everything. */
  accounts: string[];
  /** Sends `ether` (a decimal) from the first account; mined by the next `mine`. */
  sendEth(to: string, ether: string): Promise<string>;
  /** Deploys a test token (its whole supply to the first account) and mines its block. */
  deployToken(symbol: string, decimals: number): Promise<string>;
  /** Sends `amount` whole tokens from the first account; mined by the next `mine`. */
  sendToken(token: string, to: string, amount: string): Promise<string>;
  mine(blocks?: number): Promise<void>;
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  /** Replaces the last `depth` blocks by as many empty ones (their transactions are dropped). */
  reorg(depth: number): Promise<void>;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Stops the process by its PID: SIGTERM, then SIGKILL if it lingers. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  process.kill(child.pid, 'SIGTERM');
  const timer = new Promise<'late'>((r) => setTimeout(() => r('late'), STOP_MS).unref());
  if ((await Promise.race([exited(child), timer])) === 'late') {
    process.kill(child.pid, 'SIGKILL');
    await exited(child);
  }
}

async function rpcCall<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`anvil ${method}: ${body.error.message}`);
  return body.result as T;
}

/** Waits (bounded) until anvil answers, failing early if it exits. */
async function ready(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited: ${output()}`);
    try {
      await rpcCall(url, 'eth_chainId');
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stopChild(child);
  throw new Error(`anvil did not answer within ${START_MS} ms: ${output()}`);
}

export async function startAnvil(opts: { chainId?: number } = {}): Promise<Anvil> {
  if (!anvilPath) throw new Error('anvil is not installed (npm ci installs @foundry-rs/anvil)');
  const port = await freePort();
  const args = ['--host', '127.0.0.1', '--port', String(port)];
  args.push('--chain-id', String(opts.chainId ?? 31337), '--no-mining', '--silent');
  const child = spawn(anvilPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const rpcUrl = `http://127.0.0.1:${port}`;
  await ready(rpcUrl, child, () => output);

  const rpc = <T>(method: string, params: unknown[] = []) => rpcCall<T>(rpcUrl, method, params);
  const accounts = await rpc<string[]>('eth_accounts');
  const from = accounts[0];
  const send = (tx: Record<string, string>) =>
    rpc<string>('eth_sendTransaction', [{ from, ...tx }]);
  const mine = async (blocks = 1) => {
    await rpc('anvil_mine', [hex(BigInt(blocks))]);
  };
  const decimalsOf = async (token: string) =>
    Number(BigInt(await rpc<string>('eth_call', [{ to: token, data: '0x313ce567' }, 'latest'])));

  return {
    rpcUrl,
    pid: child.pid ?? 0,
    rpc,
    accounts,
    sendEth: (to, ether) => send({ to, value: hex(toUnits(ether, 18)), gas: GAS }),
    async deployToken(symbol, decimals) {
      const hash = await send({ data: TOKEN.bytecode + constructorArgs(symbol, decimals) });
      await mine();
      const receipt = await rpc<{ status: string; contractAddress: string }>(
        'eth_getTransactionReceipt',
        [hash],
      );
      if (receipt.status !== '0x1') throw new Error(`deploying ${symbol} failed`);
      return toChecksumAddress(receipt.contractAddress);
    },
    async sendToken(token, to, amount) {
      const units = toUnits(amount, await decimalsOf(token));
      const recipient = word(BigInt(to));
      return send({ to: token, data: `0xa9059cbb${recipient}${word(units)}`, gas: GAS });
    },
    mine,
    snapshot: () => rpc<string>('evm_snapshot'),
    async revert(id) {
      if (!(await rpc<boolean>('evm_revert', [id]))) throw new Error(`no snapshot ${id}`);
    },
    async reorg(depth) {
      await rpc('anvil_reorg', [depth, []]);
    },
    stop: () => stopChild(child),
  };
}
