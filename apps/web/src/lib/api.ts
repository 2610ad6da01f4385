import {
  type Endpoints,
  type InputOf,
  type OutputOf,
  pathOf,
  type RouteName,
  routes,
} from '@parley/shared/api';
import { apiFetch } from './api-client';

type Input<N extends RouteName> = InputOf<Endpoints[N]>;
/** The input may be left out when the endpoint needs none. */
type Args<N extends RouteName> =
  Record<string, never> extends Input<N> ? [input?: Input<N>] : [input: Input<N>];

type Loose = { params?: Record<string, string>; query?: object; body?: unknown };

/** An endpoint's address: its path with parameters filled in, plus a query string. */
export function urlOf(name: RouteName, input: Loose = {}): string {
  const path = pathOf(name, input.params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Calls an endpoint by its shared name: the path, method and body type come from the
 * route table, and the answer's type is inferred from its schemas. Errors are ApiErrors.
 */
export function call<N extends RouteName>(
  name: N,
  ...[input]: Args<N>
): Promise<OutputOf<Endpoints[N]>> {
  const route = routes[name];
  const { body } = (input ?? {}) as Loose;
  const init: RequestInit = { method: route.method };
  if (body !== undefined) {
    if ('bodyType' in route) {
      init.body = String(body);
      init.headers = { 'content-type': route.bodyType };
    } else init.body = JSON.stringify(body);
  }
  return apiFetch(urlOf(name, input as Loose), init);
}
