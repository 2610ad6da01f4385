import {
  type Endpoints,
  type InputOf,
  type OutputOf,
  pathOf,
  type Route,
  type RouteName,
} from '@parley/shared/api';
import { apiFetch } from './api-client';

/** A route of the shared table (e.g. `smsApi.send`), which names its schemas. */
type Named = Route & { readonly name: RouteName };
type Input<R extends Named> = InputOf<Endpoints[R['name']]>;
/** The input may be left out when the endpoint needs none. */
type Args<R extends Named> =
  Record<string, never> extends Input<R> ? [input?: Input<R>] : [input: Input<R>];

type Loose = { params?: Record<string, string>; query?: object; body?: unknown };

/** An endpoint's address: its path with parameters filled in, plus a query string. */
export function urlOf(route: Route, input: Loose = {}): string {
  const path = pathOf(route, input.params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Calls an endpoint of the shared route table: the path, method and body type come from
 * the route, and the answer's type is inferred from its schemas. Errors are ApiErrors.
 */
export function call<R extends Named>(
  route: R,
  ...[input]: Args<R>
): Promise<OutputOf<Endpoints[R['name']]>> {
  const { body } = (input ?? {}) as Loose;
  const init: RequestInit = { method: route.method };
  if (body !== undefined) {
    if (route.bodyType) {
      init.body = String(body);
      init.headers = { 'content-type': route.bodyType };
    } else init.body = JSON.stringify(body);
  }
  return apiFetch(urlOf(route, input as Loose), init);
}
