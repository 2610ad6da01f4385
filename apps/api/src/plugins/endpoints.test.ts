import { Writable } from 'node:stream';
import Fastify, { type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.js';
import { type Handler, route } from './endpoints.js';
import { registerErrorHandling } from './errors.js';
import { responseSerializer } from './response-serializer.js';

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** `health.check` answered by `handler`, and every line the server logged. */
async function answer(handler: Handler<'health.check'>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  apps.push(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  registerErrorHandling(app);
  route(app, 'health.check', handler);
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: res.body, lines };
}

const later = (reply: FastifyReply) => setTimeout(() => reply.send({ status: 'ok' as const }), 20);

describe('an endpoint’s handler', () => {
  it('answers what it returns, at once or in a promise, checked against the contract', async () => {
    for (const handler of [
      () => ({ status: 'ok' as const }),
      async () => ({ status: 'ok' as const }),
    ] as Handler<'health.check'>[])
      expect(await answer(handler)).toEqual({ status: 200, body: '{"status":"ok"}', lines: [] });
  });

  it('may send the reply itself, now or later, returning it or nothing, sent once', async () => {
    for (const handler of [
      (_r, reply) => reply.send({ status: 'ok' }),
      (_r, reply) => {
        reply.send({ status: 'ok' });
      },
      async (_r, reply) => reply.send({ status: 'ok' }),
      (_r, reply) => {
        later(reply);
        return reply;
      },
      async (_r, reply) => {
        later(reply);
        return reply;
      },
    ] as Handler<'health.check'>[])
      expect(await answer(handler)).toEqual({ status: 200, body: '{"status":"ok"}', lines: [] });
  });

  it('answers nothing for undefined, and the error for a throw, at once or in a promise', async () => {
    expect(await answer(() => undefined)).toMatchObject({ status: 200, body: '', lines: [] });
    const refusal = new AppError('SERVICE_UNAVAILABLE', 'Down');
    for (const handler of [
      () => {
        throw refusal;
      },
      async () => {
        throw refusal;
      },
    ] as Handler<'health.check'>[]) {
      const res = await answer(handler);
      expect([res.status, JSON.parse(res.body).error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    }
  });
});
