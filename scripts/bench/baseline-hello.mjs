// The raw node:http baseline: the fastest any endpoint could answer on this machine.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
