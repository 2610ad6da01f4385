import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';

/** What would reach every route from a module in the app's own scope. */
const SCOPE_WIDE = new Set<PropertyKey>([
  'addHook',
  'addContentTypeParser',
  'addConstraintStrategy',
  'addHttpMethod',
  'addSchema',
  'decorate',
  'decorateReply',
  'decorateRequest',
  'register',
  'setChildLoggerFactory',
  'setErrorHandler',
  'setGenReqId',
  'setNotFoundHandler',
  'setReplySerializer',
  'setSchemaController',
  'setSchemaErrorFormatter',
  'setSerializerCompiler',
  'setValidatorCompiler',
]);

/**
 * A module of routes registered in the app's own scope instead of one of its own
 * (decision 0034). Fastify makes each scope a new instance object, and each route's
 * request path reads its settings through its scope's instance (the log controller, the
 * request id, serialisers, error handling): with a scope per module, V8 sees those reads
 * on some twenty-five objects once varied traffic has run, and falls back to its slowest
 * lookups (health 54 → 73–79 µs of CPU per request after varied traffic, against 65–74 µs
 * in one shared scope). A shared module only adds routes: anything scope-wide (a hook, a
 * decorator, a parser) would reach every route, so it throws at start. A module that
 * needs one keeps its own scope (`app.register(plugin)`).
 */
export function sharedScope<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<Options>,
) {
  return fp<Options>(async (app, opts) => plugin(routesOnly(app), opts), {
    name: `${plugin.name || 'routes'} (shared scope)`,
  });
}

function routesOnly(app: FastifyInstance): FastifyInstance {
  const guarded: FastifyInstance = new Proxy(app, {
    get(target, key) {
      if (SCOPE_WIDE.has(key))
        throw new Error(`${String(key)} in a shared-scope route module would reach every route`);
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      // Chained calls (`app.get(…).addHook(…)`) stay behind the guard.
      return (...args: unknown[]) => {
        const out = value.apply(target, args);
        return out === target ? guarded : out;
      };
    },
    set(_target, key) {
      throw new Error(
        `setting ${String(key)} in a shared-scope route module would reach every route`,
      );
    },
  });
  return guarded;
}
