import http from 'node:http';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fundedCustomer, send, signUp, until } from '../../test/helpers.js';

const EMAIL = 'leaky.person@leak.example';
const NUMBER = '+447400987654';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const lines: string[] = [];
const logs = () => lines.join('');

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk) => lines.push(String(chunk)));
  ctx = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
  // A constraint the service does not expect, so the insert fails as a bug would.
  await ctx.database.db.execute(
    sql`alter table users add constraint no_leaks check (email not like '%@leak.example')`,
  );
});
afterAll(() => ctx.close());

describe('the logs', () => {
  it('name a failed query by its SQL and SQLSTATE, never its parameters', async () => {
    const { res } = await signUp(ctx.app, { email: EMAIL, contactValue: NUMBER });
    expect(res.statusCode).toBe(500);
    const failure = lines.find((l) => l.includes('unhandled error'));
    expect(failure).toBeDefined();
    const logged = JSON.parse(failure ?? '{}');
    expect(logged.err.query).toMatch(/^insert into "users"/);
    expect(logged.err.cause).toMatchObject({ code: '23514', constraint: 'no_leaks' });
    expect(logs()).not.toContain('params');
    expect(logs()).not.toContain(EMAIL);
    expect(logs()).not.toContain('leak.example');
    expect(logs()).not.toContain(NUMBER.slice(1));
  });

  it('show a request by its path, never its query string', async () => {
    const customer = await fundedCustomer(ctx.app, ctx.database, '0');
    const query = `?number=${encodeURIComponent(NUMBER)}&email=${encodeURIComponent(EMAIL)}`;
    const res = await send(ctx.app, 'GET', `/api/sms/history${query}`, customer.cookie);
    expect(res.statusCode).toBe(200);
    await send(ctx.app, 'GET', `/api/%zz${query}`, null);
    expect(logs()).toContain('"url":"/api/sms/history"');
    expect(logs()).not.toContain('number=');
    expect(logs()).not.toContain(EMAIL);
    expect(logs()).not.toContain(encodeURIComponent(EMAIL));
    expect(logs()).not.toContain(NUMBER.slice(1));
  });

  it('mask emails and numbers in what any logger call writes', () => {
    ctx.app.log.error(new Error(`could not reach ${EMAIL} at ${NUMBER}`));
    ctx.app.log.warn({ email: EMAIL, detail: { recipient: NUMBER } }, `SMS to ${NUMBER} failed`);
    ctx.app.log.info({ from: NUMBER, inbound: { source_addr: NUMBER, to: EMAIL } }, 'inbound');
    // A request's logger is a child of the app's: the same rules hold.
    ctx.app.log.child({ requestId: 'r1' }).error({ err: new Error(`no ${EMAIL}`) }, NUMBER);
    expect(logs()).not.toContain(EMAIL);
    expect(logs()).not.toContain(NUMBER.slice(1));
    expect(logs()).toContain('could not reach [email] at [number]');
  });

  it('redact fields named like personal data or secrets, at the top and one level down', () => {
    ctx.app.log.warn(
      { password: 'hunter2-secret', account: { phone: 'call-me-maybe', plan: 'gold' } },
      'redaction',
    );
    const line = JSON.parse(lines.find((l) => l.includes('"redaction"')) ?? '{}');
    expect(line.password).toBe('[redacted]');
    expect(line.account).toEqual({ phone: '[redacted]', plan: 'gold' });
    expect(logs()).not.toContain('hunter2');
    expect(logs()).not.toContain('call-me-maybe');
  });

  it('write one line per request, as it is answered, with its request id', async () => {
    const res = await send(ctx.app, 'GET', '/api/packages?secret=1', null);
    const id = String(res.headers['x-request-id']);
    const mine = await until(
      async () => lines.filter((l) => l.includes(id)).map((l) => JSON.parse(l)),
      (found) => found.length > 0,
    );
    // Room for a second line to show, were one written.
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.filter((l) => l.includes(id))).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      requestId: id,
      req: { method: 'GET', url: '/api/packages' },
      res: { statusCode: res.statusCode },
    });
    expect(typeof mine[0].responseTime).toBe('number');
    expect(logs()).not.toContain('incoming request');
  });

  it('write that line for a request answered before routing (a malformed URL)', async () => {
    const res = await send(ctx.app, 'GET', '/api/%zz/bad', null);
    expect(res.statusCode).toBe(400);
    const line = await until(
      async () => lines.find((l) => l.includes('/api/%zz/bad') && l.includes('request completed')),
      (found) => found !== undefined,
    );
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      msg: 'request completed',
      res: { statusCode: 400 },
    });
  });

  it('write a line for a request whose client went away: an event stream closed', async () => {
    const customer = await fundedCustomer(ctx.app, ctx.database, '0');
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const request = http.get(`${address}/api/events`, { headers: { cookie: customer.cookie } });
    const answer = await new Promise<http.IncomingMessage>((resolve) =>
      request.once('response', resolve),
    );
    expect(answer.statusCode).toBe(200);
    const id = String(answer.headers['x-request-id']);
    request.destroy();
    const line = await until(
      async () => lines.find((l) => l.includes(id)),
      (found) => found !== undefined,
    );
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      msg: 'request aborted',
      requestId: id,
      req: { method: 'GET', url: '/api/events' },
    });
  });
});
