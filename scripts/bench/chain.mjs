// The chain watcher's rows (issue 34): how fast a Litecoin regtest chain is scanned with
// 10,000 watched addresses, against the node's reads and parsing alone and against the
// same scan watching one address, in the same run; then the time from the confirming
// block to the credit on a running Parley. Parley's own modules (apps/api/dist) do the
// work; the node and Parley listen on 127.0.0.1 and are stopped by their pids.
// `node scripts/bench/chain.mjs` runs these rows alone.
import { fork } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fillBlocks, freshAddress, scratchDatabase, watchedQuotes } from './chain-fill.mjs';
import { chainBench, databaseUrl, root } from './config.mjs';
import { litecoindInstalled, startLitecoind } from './litecoind.mjs';
import { freePort, parleyEnv, stopChild, waitHealthy } from './server.mjs';

const dist = (file) => import(path.join(root, 'apps/api/dist', file));
const { createBitcoinCoreWatcher } = await dist('integrations/chains/bitcoin-core.js');
const { createChainWatch } = await dist('modules/chains/chain-watch.service.js');
const { createChainCursorRepo } = await dist('modules/chains/chain-cursor.repo.js');
const { createDepositsRepo } = await dist('modules/chains/deposits.repo.js');
const { createDepositSettleRepo } = await dist('modules/chains/deposit-settle.repo.js');
const { createWatchedAddressesRepo } = await dist('modules/chains/watched-addresses.repo.js');

const NETWORK = 'litecoin';
/** Confirmations in these rows: a payment is credited once one block is on top of its own. */
const CONFIRMATIONS = 2;
const OWNER = `bench-${process.pid}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Blocks from `from + 1` to `to` read and parsed by the adapter alone, as a pass reads them. */
async function readOnly(watcher, watched, from, to) {
  const isWatched = (a) => watched.has(a);
  const started = performance.now();
  let outputs = 0;
  for (let h = from + 1; h <= to; h++)
    outputs += (await watcher.block(h, isWatched)).outputs.length;
  return { seconds: (performance.now() - started) / 1000, outputs };
}

/** One watcher pass over the blocks after `from`, its cursor set back there first. */
async function scanPass(scratch, node, watcher, addresses, from) {
  const { db, sql } = scratch;
  const cursors = createChainCursorRepo(db);
  const now = () => new Date();
  await cursors.takeLease(NETWORK, OWNER, now(), new Date(Date.now() + 600_000));
  const hash = await node.rpc('getblockhash', [from]);
  await sql`update chain_cursors set height = ${from}, block_hash = ${hash} where network = ${NETWORK}`;
  await sql`delete from chain_blocks where network = ${NETWORK}`;
  // The time spent crediting (one transaction per deposit), to tell it from the scan's.
  const settle = createDepositSettleRepo(db);
  let creditSeconds = 0;
  const timed = (f) => async (terms) => {
    const t = performance.now();
    try {
      return await f(terms);
    } finally {
      creditSeconds += (performance.now() - t) / 1000;
    }
  };
  const watch = createChainWatch({
    watcher,
    confirmations: CONFIRMATIONS,
    lateWindowMs: 7 * 86_400_000,
    pollMs: 600_000,
    instanceId: OWNER,
    cursors,
    deposits: createDepositsRepo(db),
    settle: { ...settle, credit: timed(settle.credit) },
    addresses,
    rates: { rate: async () => '10000' },
    events: { publish() {} },
    now,
    log: { warn() {} },
    maxBlocksPerPass: 100_000,
  });
  const started = performance.now();
  const result = await watch.pass();
  const seconds = (performance.now() - started) / 1000;
  await cursors.releaseLease(NETWORK, OWNER);
  if (result.status !== 'scanned') throw new Error(`the pass ended ${JSON.stringify(result)}`);
  const [{ n }] = await sql`select count(*)::int as n from chain_deposits`;
  return { seconds, deposits: n, credited: result.credited, creditSeconds };
}

/**
 * Scan rates over the same blocks: the node and parsing alone; a pass watching one
 * address; one watching 10,000 none of these blocks pays (the lookups alone); one
 * watching the 10,000 quotes in the database, some paid (deposits written and credited).
 */
async function scanRows(scratch, node, quotes, from, tip) {
  const watcher = createBitcoinCoreWatcher({
    network: NETWORK,
    rpcUrl: node.rpcUrl,
    chain: 'regtest',
  });
  const all = new Set(quotes.addresses);
  await readOnly(watcher, all, from, Math.min(tip, from + 50)); // warms the node's caches
  const one = [freshAddress()];
  const strangers = Array.from({ length: quotes.addresses.length }, freshAddress);
  const runs = {
    read: () => readOnly(watcher, all, from, tip),
    single: () => scanPass(scratch, node, watcher, { list: async () => one }, from),
    unpaid: () => scanPass(scratch, node, watcher, { list: async () => strangers }, from),
  };
  // These write nothing, so they run several times, in turns and in a new order each
  // round (each pass leaves the database a little busier, a neighbour's load comes and
  // goes); each keeps its fastest run.
  const best = {};
  const names = Object.keys(runs);
  for (let round = 0; round < chainBench.rounds; round++)
    for (const name of [...names.slice(round % 3), ...names.slice(0, round % 3)]) {
      const r = await runs[name]();
      if (!best[name] || r.seconds < best[name].seconds) best[name] = r;
    }
  const { read, single, unpaid } = best;
  const repo = createWatchedAddressesRepo(scratch.db);
  const list = () => repo.list(NETWORK, new Date(), 7 * 86_400_000);
  await list(); // planned once, as in a running watcher
  const listed = performance.now();
  await list();
  const listMs = performance.now() - listed;
  const many = await scanPass(scratch, node, watcher, repo, from);
  return { blocks: tip - from, read, single, unpaid, many, listMs };
}

/** Mines the confirming block of a payment seen with one confirmation; ms until its ledger row. */
async function creditLatency(sql, node, address) {
  const txid = await node.rpc('sendtoaddress', [address, '0.001']);
  await node.mine(1);
  const deadline = Date.now() + chainBench.stepLimitMs;
  const seen = async () =>
    (await sql`select 1 from chain_deposits where txid = ${txid} and confirmations = 1`).length;
  while (!(await seen())) {
    if (Date.now() > deadline) throw new Error('the payment was not seen in its block');
    await sleep(20);
  }
  // At a random moment of the poll, as a block would come: not just after a pass.
  await sleep(Math.random() * chainBench.pollSeconds * 1000);
  await node.mine(1);
  const mined = performance.now();
  const like = `${NETWORK}:${txid}:%`;
  while (!(await sql`select 1 from ledger_entries where reference like ${like}`).length) {
    if (Date.now() > deadline) throw new Error('the payment was not credited');
    await sleep(5);
  }
  const total = performance.now() - mined;
  const found = Date.now();
  // credited_at is the crediting pass's start: before it, the wait for the next poll.
  const [{ at }] = await sql`
    select extract(epoch from credited_at) * 1000 as at from chain_deposits where txid = ${txid}`;
  return { total, pass: Math.min(total, found - Number(at)) };
}

/** Parley itself (the built server) watching the node over the scratch database. */
async function latencyRow(scratch, node, addresses) {
  const port = await freePort();
  const child = fork(path.join(root, 'apps/api/dist/main.js'), {
    env: {
      ...process.env,
      ...parleyEnv(port, {
        DATABASE_URL: scratch.url,
        CHAIN_LITECOIN_RPC_URL: node.rpcUrl,
        CHAIN_LITECOIN_NETWORK: 'regtest',
        CHAIN_LITECOIN_CONFIRMATIONS: String(CONFIRMATIONS),
        CHAIN_POLL_SECONDS: String(chainBench.pollSeconds),
      }),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    await waitHealthy(child, `http://127.0.0.1:${port}`, 60_000);
    const samples = [];
    for (const address of addresses) samples.push(await creditLatency(scratch.sql, node, address));
    const sorted = (key) => samples.map((x) => x[key]).sort((a, b) => a - b);
    return { total: sorted('total'), pass: sorted('pass') };
  } finally {
    await stopChild(child);
  }
}

const rate = (blocks, s) => blocks / s;
const pad = (s, n) => String(s).padEnd(n);

function printRows(scan, latency) {
  const { blocks, read, single, unpaid, many } = scan;
  const base = rate(blocks, read.seconds);
  const watched = chainBench.watched.toLocaleString('en');
  console.log(
    `\nchain watcher: ${blocks} Litecoin regtest blocks, ${chainBench.txPerBlock} payments ` +
      `of ${chainBench.outputsPerTx} outputs each           blocks/s  vs node+parse`,
  );
  const row = (name, r, extra = '') => {
    const bps = rate(blocks, r.seconds);
    console.log(
      `${pad(name, 60)}${pad(bps.toFixed(1), 10)}${pad((bps / base).toFixed(2), 8)}${extra}`,
    );
  };
  row(`node reads + parsing alone, ${watched} watched`, read, `${read.outputs} watched outputs`);
  row('watcher pass, 1 watched address', single, `${single.deposits} deposits`);
  row(`watcher pass, ${watched} watched, none paid here`, unpaid, `${unpaid.deposits} deposits`);
  row(
    `watcher pass, ${watched} watched, ${chainBench.txPerBlock} paid a block`,
    many,
    `${many.deposits} deposits, ${many.credited} credited ` +
      `(${((1000 * many.creditSeconds) / Math.max(many.credited, 1)).toFixed(1)} ms each)`,
  );
  console.log(
    `the ${watched} watched addresses read in one query of ${scan.listMs.toFixed(1)} ms a pass`,
  );
  const { total, pass } = latency;
  const median = (xs) => xs[Math.floor(xs.length / 2)].toFixed(0);
  console.log(
    `confirming block → credit (Parley polling every ${chainBench.pollSeconds} s, ${watched} ` +
      `watched, ${total.length} payments): median ${median(total)} ms, min ` +
      `${total[0].toFixed(0)}, max ${total.at(-1).toFixed(0)}; of which the crediting pass ` +
      `(after the wait for the poll): median ${median(pass)} ms, max ${pass.at(-1).toFixed(0)}`,
  );
}

/** The chain watcher's rows; null (and a note) when litecoind is not installed. */
export async function chainRows(notes = []) {
  if (!litecoindInstalled()) {
    notes.push('chain watcher rows: skipped, litecoind is not installed');
    return null;
  }
  const { blocks, txPerBlock, watched, latencySamples } = chainBench;
  if (watched < blocks * txPerBlock + latencySamples)
    throw new Error('BENCH_CHAIN_WATCHED must cover every payment the blocks and samples make');
  const node = await startLitecoind();
  let scratch;
  try {
    scratch = await scratchDatabase(databaseUrl);
    const quotes = await watchedQuotes(scratch.sql, chainBench.watched);
    const { from } = await fillBlocks(node, quotes.addresses, chainBench);
    const tip = await node.rpc('getblockcount');
    const scan = await scanRows(scratch, node, quotes, from, tip);
    const unpaid = quotes.addresses.slice(-latencySamples);
    const latency = await latencyRow(scratch, node, unpaid);
    printRows(scan, latency);
    return { scan, latency };
  } finally {
    await scratch?.drop();
    await node.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  setTimeout(() => {
    console.error('bench chain: over its time budget, stopping');
    process.exit(1);
  }, chainBench.budgetMs).unref();
  const notes = [];
  await chainRows(notes);
  for (const note of notes) console.log(`note: ${note}`);
}
