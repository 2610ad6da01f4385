// What the chain watcher's rows scan: a database of their own on the bench's PostgreSQL
// (migrated by Parley's own code, dropped afterwards) holding a customer with 10,000
// watched Litecoin regtest addresses, and a regtest chain of blocks that carry payments,
// a few of them to those addresses.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { addressOfScript } from '@parley/shared/watch-keys';
import postgres from 'postgres';
import { root } from './config.mjs';

const { openDatabase } = await import(path.join(root, 'apps/api/dist/db/client.js'));

/** What each watched quote asks for, and what it credits when paid exactly, on time. */
export const QUOTE = { crypto: '0.001', credit: '10.00', rate: '10000' };

/** A fresh P2WPKH address on Litecoin regtest (`rltc1q…`), as the watcher writes it. */
export const freshAddress = () =>
  addressOfScript('litecoin', 'regtest', `0014${randomBytes(20).toString('hex')}`);

/**
 * A database of the run's own on the server of `databaseUrl`, migrated; `drop()` removes
 * it. `db` is Parley's (drizzle), `sql` a plain client for the bench's own reads.
 */
export async function scratchDatabase(databaseUrl) {
  const name = `parley_bench_chain_${process.pid}`;
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name}`);
  await admin.unsafe(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  let database;
  let sql;
  try {
    database = await openDatabase({ kind: 'postgres', url: url.href, max: 4 });
    sql = postgres(url.href, { max: 2, onnotice: () => {} });
  } catch (err) {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
    throw err;
  }
  return {
    url: url.href,
    db: database.db,
    sql,
    async drop() {
      await sql.end({ timeout: 5 });
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** A customer and `count` watched quotes, each at an address of its own; the addresses. */
export async function watchedQuotes(sql, count) {
  const [user] = await sql`
    insert into users (email, password_hash) values (${`bench-chain-${process.pid}@parley.test`}, 'x')
    returning id`;
  const [key] = await sql`
    insert into chain_watch_keys (family, extended_key, chain)
    values ('litecoin', ${`vpub-bench-${randomBytes(8).toString('hex')}`}, 'regtest') returning id`;
  const addresses = Array.from({ length: count }, freshAddress);
  // One statement: the quotes are rows the watcher reads, not what is measured.
  await sql`
    insert into payment_quotes (user_id, fiat_amount, fiat_currency, currency, network, address,
      watch_key_id, derivation_index, crypto_amount, rate, credit_amount, credit_rate, expires_at)
    select ${user.id}, ${QUOTE.credit}, 'GBP', 'LTC', 'litecoin', a.address, ${key.id}, a.i - 1,
      ${QUOTE.crypto}, ${QUOTE.rate}, ${QUOTE.credit}, ${QUOTE.rate}, now() + interval '1 day'
    from unnest(${sql.array(addresses)}::text[]) with ordinality as a(address, i)`;
  return { userId: user.id, addresses };
}

/**
 * Mines `blocks` blocks on `node`, each carrying `txPerBlock` transactions of
 * `outputsPerTx` outputs: one to the next watched address, the rest to fresh addresses
 * nobody watches. Returns the height before the first and the watched addresses paid.
 */
export async function fillBlocks(node, watched, { blocks, txPerBlock, outputsPerTx }) {
  const from = await node.rpc('getblockcount');
  const paid = [];
  for (let b = 0; b < blocks; b++) {
    for (let t = 0; t < txPerBlock; t++) {
      const to = watched[paid.length];
      paid.push(to);
      const outputs = { [to]: QUOTE.crypto };
      for (let o = 1; o < outputsPerTx; o++) outputs[freshAddress()] = QUOTE.crypto;
      await node.rpc('sendmany', ['', outputs]);
    }
    await node.mine(1);
  }
  return { from, paid };
}
