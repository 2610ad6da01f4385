import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sharedScope } from './shared-scope.js';

/** A route plugin and the options it is registered with. */
export interface ModuleRoutes {
  // biome-ignore lint/suspicious/noExplicitAny: checked where the pair is made (`routesOf`)
  plugin: FastifyPluginAsync<any>;
  options: unknown;
  /** Registered in a scope of its own (a content parser or a hook of its own, decision 0034). */
  ownScope?: boolean;
}

/** A route plugin with its options, type-checked against each other. */
export function routesOf<Options extends object>(
  plugin: FastifyPluginAsync<Options>,
  options: Options,
  ownScope = false,
): ModuleRoutes {
  return { plugin, options, ownScope };
}

/** Something that runs beside the requests: a worker, a timer, a subscription. */
export interface ModuleJob {
  /** When the app is ready (onReady). */
  start?: () => unknown;
  /** When the app closes, after the requests (onClose). */
  stop?: () => unknown;
  /** Before the app closes (preClose): what would keep it from closing (open streams…). */
  preClose?: () => unknown;
}

/**
 * What a module gives the app (`<module>.setup.ts`): its routes, its jobs and what it
 * puts on the app instance (tests run the jobs by hand). The services other modules need
 * travel beside these fields in the set-up's own result.
 */
export interface ModuleSetup {
  routes?: readonly ModuleRoutes[];
  jobs?: readonly ModuleJob[];
  decorations?: { [K in keyof FastifyInstance]?: FastifyInstance[K] };
}

/**
 * The one place a module's set-up reaches the app. Jobs and decorations first, then its
 * routes, in the app's shared scope unless they need one of their own. Modules are used in
 * dependency order; Fastify runs onClose hooks last added first, so a module's jobs stop
 * before those of the modules it uses (the event bus, the limit store).
 */
export async function useModule(app: FastifyInstance, setup: ModuleSetup): Promise<void> {
  for (const job of setup.jobs ?? []) {
    if (job.start) app.addHook('onReady', async () => void (await job.start?.()));
    if (job.stop) app.addHook('onClose', async () => void (await job.stop?.()));
    if (job.preClose) app.addHook('preClose', async () => void (await job.preClose?.()));
  }
  for (const [name, value] of Object.entries(setup.decorations ?? {}))
    app.decorate(name, value as unknown);
  for (const { plugin, options, ownScope } of setup.routes ?? [])
    await app.register(ownScope ? plugin : sharedScope(plugin), options as object);
}
