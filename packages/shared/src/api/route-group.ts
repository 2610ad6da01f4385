/**
 * Where every endpoint lives and who may call it: `routes/` is the one place a path is
 * written, one file per server module (decision 0048). Plain data without Zod, so the
 * browser can import it; the schemas of each endpoint sit under the same name in
 * `endpoints/` (server, docs and types). Each module's groups are their own file, so a
 * page's bundle carries only the groups it calls.
 */
/** `edge`: the SIP edge, by its shared secret (VOICE_EDGE_SECRET), never a session. */
export type Access = 'public' | 'user' | 'admin' | 'edge';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  /** `module.key` or `module.admin.key`: the name its schemas have in `endpoints/`. */
  readonly name: string;
  readonly method: Method;
  readonly path: string;
  readonly access: Access;
  /** The body's media type when it is not JSON (a CSV upload). */
  readonly bodyType?: 'text/csv';
}

type Spec = readonly [Method, string, Access, ('text/csv' | undefined)?];
type Group<G extends string, S extends Record<string, Spec>> = {
  readonly [K in keyof S & string]: {
    readonly name: `${G}.${K}`;
    readonly method: S[K][0];
    readonly path: S[K][1];
    readonly access: S[K][2];
    readonly bodyType?: 'text/csv';
  };
};

/**
 * Names each route of a group `group.key`. The group is its module's name, or the module's
 * and an audience's for a sub-group (`payments.admin`, `voice.edge`): decision 0048.
 */
export function group<const G extends string, const S extends Record<string, Spec>>(
  name: G,
  specs: S,
): Group<G, S> {
  const out: Record<string, Route> = {};
  for (const [key, [method, path, access, bodyType]] of Object.entries(specs))
    out[key] = { name: `${name}.${key}`, method, path, access, ...(bodyType ? { bodyType } : {}) };
  return out as Group<G, S>;
}

/** A route's path with its `:name` parts filled in (each encoded). */
export function pathOf(route: Route, params: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${route.name}`);
    return encodeURIComponent(value);
  });
}
