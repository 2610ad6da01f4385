// A Litecoin Core node on regtest for the chain watcher's rows: 127.0.0.1 only, random
// ports and credentials, a temporary data directory, stopped by its pid. RPC goes through
// Parley's own JSON-RPC client (apps/api/dist), as the watcher's does.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './config.mjs';
import { freePort } from './server.mjs';

const { jsonRpc } = await import(path.join(root, 'apps/api/dist/integrations/chains/json-rpc.js'));

/** Whether litecoind is on PATH: the chain rows are skipped, and say so, without it. */
export function litecoindInstalled() {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => fs.existsSync(path.join(dir, 'litecoind')));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `litecoind -regtest` with a wallet and 101 blocks mined to it (a coinbase
 * matures after 100). `-dustrelayfee=0` lets small outputs through.
 */
export async function startLitecoind() {
  const datadir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-litecoind-'));
  const rpcPort = await freePort();
  const user = `u${randomBytes(6).toString('hex')}`;
  const password = randomBytes(18).toString('hex');
  const child = spawn(
    'litecoind',
    [
      '-regtest',
      `-datadir=${datadir}`,
      '-server=1',
      `-rpcport=${rpcPort}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      `-rpcuser=${user}`,
      `-rpcpassword=${password}`,
      `-port=${await freePort()}`,
      '-listen=0',
      '-listenonion=0',
      '-discover=0',
      '-dnsseed=0',
      '-fallbackfee=0.0001',
      '-dustrelayfee=0',
      '-printtoconsole=0',
    ],
    { stdio: 'ignore' },
  );
  // A run that dies before stop() leaves no node behind (its own pid only).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const rpcUrl = `http://${user}:${password}@127.0.0.1:${rpcPort}/`;
  async function rpc(method, params = []) {
    const answer = await jsonRpc({ url: rpcUrl, timeoutMs: 30_000 }, method, params);
    if ('error' in answer) throw new Error(`litecoind ${method}: ${answer.error.message}`);
    return answer.result;
  }
  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', killOnExit);
    fs.rmSync(datadir, { recursive: true, force: true });
  }
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error('litecoind exited at start');
      try {
        await rpc('getblockchaininfo');
        break;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await sleep(200);
      }
    }
    await rpc('createwallet', ['bench']);
    const miner = await rpc('getnewaddress');
    const node = {
      child,
      rpcUrl,
      rpc,
      stop,
      mine: (blocks) => rpc('generatetoaddress', [blocks, miner]),
    };
    await node.mine(101);
    return node;
  } catch (err) {
    await stop();
    throw err;
  }
}
