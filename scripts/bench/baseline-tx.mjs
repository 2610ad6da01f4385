// The raw write baseline: node:http plus one postgres.js transaction of an SMS send's
// shape per request: read the balance, insert a row, take the price off the balance
// (never below zero), insert a ledger row. One account pays for every request, as one
// customer does in the send run. Its tables live in a schema of its own, dropped on exit.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import postgres from 'postgres';

const sql = postgres(process.env.BENCH_DATABASE_URL, { max: 10, onnotice: () => {} });
const schema = `bench_baseline_${process.pid}`;
await sql.unsafe(`
  create schema ${schema};
  create table ${schema}.accounts (id int primary key,
    balance numeric(20, 4) not null check (balance >= 0));
  create table ${schema}.messages (id uuid primary key, account_id int not null,
    recipient text not null, message text not null, cost numeric(20, 4) not null,
    created_at timestamptz not null default now());
  create table ${schema}.ledger (id uuid primary key default gen_random_uuid(),
    account_id int not null, amount numeric(20, 4) not null, reference text not null unique,
    balance_after numeric(20, 4) not null, created_at timestamptz not null default now());
  insert into ${schema}.accounts values (1, 1000000000);
`);
const accounts = sql(`${schema}.accounts`);
const messages = sql(`${schema}.messages`);
const ledger = sql(`${schema}.ledger`);

const server = http.createServer(async (_req, res) => {
  try {
    const id = randomUUID();
    await sql.begin(async (tx) => {
      await tx`select balance from ${accounts} where id = 1`;
      await tx`insert into ${messages} (id, account_id, recipient, message, cost)
        values (${id}, 1, '+447400123456', 'Bench', 0.0316)`;
      const [account] = await tx`
        update ${accounts} set balance = balance - 0.0316 where id = 1 returning balance`;
      await tx`insert into ${ledger} (account_id, amount, reference, balance_after)
        values (1, -0.0316, ${`sms:${id}`}, ${account.balance})`;
    });
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id }));
  } catch {
    res.writeHead(503);
    res.end();
  }
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));

async function stop() {
  server.close();
  await sql.unsafe(`drop schema if exists ${schema} cascade`).catch(() => {});
  await sql.end({ timeout: 5 });
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The bench's end (or its crash) closes the IPC channel: clean up then too.
process.on('disconnect', stop);
