import Fastify, { type FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sharedScope } from './shared-scope.js';

/** A module with one route noting the Fastify instance its request runs under. */
const servers: Record<string, unknown> = {};
const module =
  (path: string): FastifyPluginAsync =>
  async (app) => {
    app.get(path, async (request) => {
      servers[path] = request.server;
      return { ok: true };
    });
  };

describe('sharedScope', () => {
  it('runs route modules under the app itself; a module of its own scope gets a child instance', async () => {
    const app = Fastify();
    await app.register(sharedScope(module('/a')));
    await app.register(sharedScope(module('/b')));
    await app.register(module('/own'));
    for (const url of ['/a', '/b', '/own'])
      expect((await app.inject({ url })).json()).toEqual({ ok: true });
    // Compared as booleans: printing a Fastify instance is not useful.
    expect(['/a', '/b', '/own'].map((path) => servers[path] === app)).toEqual([true, true, false]);
    await app.close();
  });

  it('refuses a scope-wide call after a chained route, and setting a property', async () => {
    const chained: FastifyPluginAsync = async (instance) => {
      instance.get('/x', async () => ({})).addHook('onRequest', async () => {});
    };
    const setter: FastifyPluginAsync = async (instance) => {
      (instance as unknown as Record<string, unknown>).anything = 1;
    };
    for (const [plugin, message] of [
      [chained, 'addHook in a shared-scope route module would reach every route'],
      [setter, 'setting anything in a shared-scope route module would reach every route'],
    ] as const) {
      const app = Fastify();
      await expect(app.register(sharedScope(plugin)).ready()).rejects.toThrow(message);
      await app.close();
    }
  });

  it.each([
    'addHook',
    'decorateRequest',
    'addContentTypeParser',
    'register',
    'setErrorHandler',
    'setGenReqId',
  ])('refuses %s at start: it would reach every route', async (method) => {
    const app = Fastify();
    const leaky: FastifyPluginAsync = async (instance) => {
      (instance as unknown as Record<string, () => void>)[method]?.();
    };
    await expect(app.register(sharedScope(leaky)).ready()).rejects.toThrow(
      `${method} in a shared-scope route module would reach every route`,
    );
    await app.close();
  });
});
