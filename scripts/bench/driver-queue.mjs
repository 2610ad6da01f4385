// postgres.js under saturation: 50 loops of `select 1` on a pool of 10 for 12 s, the rate
// printed every 2 s. A driver whose queues stay small keeps the rate flat; postgres.js
// 3.4.9's falls as its busy queue grows (docs/performance.md, "The database driver").
import postgres from 'postgres';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sql = postgres(url, { max: 10, onnotice: () => {} });
const seconds = 12;
let done = 0;
let stop = false;
let last = { at: Date.now(), done: 0 };
const report = setInterval(() => {
  const now = { at: Date.now(), done };
  const rate = Math.round(((now.done - last.done) * 1000) / (now.at - last.at));
  console.log(`${rate} queries/s`);
  last = now;
}, 2000);
setTimeout(() => {
  stop = true;
}, seconds * 1000);
await Promise.all(
  Array.from({ length: 50 }, async () => {
    while (!stop) {
      await sql`select 1`;
      done++;
    }
  }),
);
clearInterval(report);
await sql.end({ timeout: 5 });
