// What the bench, its memory rows and the Lighthouse run share: a free port on 127.0.0.1
// and waiting until a Parley they started answers its health check.
import net from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Resolves once `url` answers /api/health; throws if `child` exits or `limitMs` passes. */
export async function waitHealthy(child, url, limitMs) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('Parley exited during start-up');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Parley did not become healthy within ${limitMs / 1000} s`);
}
