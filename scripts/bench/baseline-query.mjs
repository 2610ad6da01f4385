// The raw one-query baseline: node:http plus one postgres.js round trip per request.
import http from 'node:http';
import postgres from 'postgres';

const sql = postgres(process.env.BENCH_DATABASE_URL, { max: 10 });
const server = http.createServer(async (_req, res) => {
  try {
    await sql`select 1`;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  } catch {
    res.writeHead(503);
    res.end();
  }
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
