import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './lazy-child-logger.js';

function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const root = pino({ level }, stream) as unknown as FastifyBaseLogger;
  let children = 0;
  const child = root.child.bind(root);
  root.child = ((...args: Parameters<FastifyBaseLogger['child']>) => {
    children++;
    return child(...args);
  }) as FastifyBaseLogger['child'];
  return { root, lines, children: () => children };
}

describe('lazy request logger', () => {
  it('builds no child for lines below the level', () => {
    const { root, lines, children } = logger('error');
    const log = lazyChildLogger(root, { requestId: 'r1' }, {});
    log.info('incoming request');
    log.debug('detail');
    expect(children()).toBe(0);
    expect(lines).toEqual([]);
    expect(log.level).toBe('error');
  });

  it('writes enabled lines with the request binding, through one child', async () => {
    const { root, lines, children } = logger('info');
    const log = lazyChildLogger(root, { requestId: 'r2' }, {});
    log.info('first');
    log.error({ code: 'X' }, 'second');
    await new Promise((r) => setImmediate(r));
    expect(children()).toBe(1);
    expect(lines.map((l) => [l.requestId, l.msg])).toEqual([
      ['r2', 'first'],
      ['r2', 'second'],
    ]);
  });
});
