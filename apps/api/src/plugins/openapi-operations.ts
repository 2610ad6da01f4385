import {
  type ApiScope,
  type EndpointSchemas,
  ERROR_STATUS,
  type ErrorCode,
  endpoints,
  isOtherAnswer,
  type Route,
  type RouteName,
  routes,
  scopeOf,
} from '@parley/shared';

/** `sms.send` → `smsSend`, `payments.admin.approve` → `paymentsAdminApprove`: SDK method names. */
export function operationIdOf(name: string): string {
  return name
    .split(/[.-]/)
    .map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');
}

/** `/api/x/:id` as OpenAPI writes it: `/api/x/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** Each route by `get /api/x/{id}`, the way the document's paths and methods read. */
export const routeByOperation: ReadonlyMap<string, Route> = new Map(
  Object.values(routes as Record<string, Route>).map((route) => [
    `${route.method.toLowerCase()} ${openApiPath(route.path)}`,
    route,
  ]),
);

/**
 * Who reads an operation: the operators' document has the admin and edge routes and
 * sub-groups (the admins' sign-in too, though it is public), the customers' the rest.
 */
export const audienceOf = (route: Route): 'customer' | 'operators' =>
  route.access === 'admin' || route.access === 'edge' || /^\w+\.(admin|edge)\./.test(route.name)
    ? 'operators'
    : 'customer';

type Requirement = Record<string, string[]>;

/** The scope an API key needs for a route (`scopes.ts`), null where keys may not call it. */
type Scope = ApiScope | null;

/**
 * Who may call it: nobody needs anything for a public route; the SIP edge its secret; an
 * admin route a session; a customer route a session, or an API key holding its scope
 * (a route without a scope serves sessions only).
 */
export function securityOf(route: Route, scope: Scope = scopeOf(route.name)): Requirement[] {
  if (route.access === 'public') return [];
  if (route.access === 'edge') return [{ edgeSecret: [] }];
  if (route.access === 'admin' || !scope) return [{ sessionCookie: [] }];
  return [{ sessionCookie: [] }, { apiKey: [scope] }];
}

/** A line for the operation's description: what an API key needs here. */
export function keyNote(route: Route, scope: Scope = scopeOf(route.name)): string | null {
  if (route.access !== 'user') return null;
  return scope
    ? `API keys need the \`${scope}\` scope.`
    : 'Browser sessions only: an API key is refused (403).';
}

/** The codes an endpoint documents itself (`refusals(...)` in its definition). */
function documentedCodes(schemas: EndpointSchemas): ErrorCode[] {
  return Object.entries(schemas.responses).flatMap(([status, answer]) => {
    if (Number(status) < 400 || !answer || isOtherAnswer(answer)) return [];
    const text = (answer as { description?: string }).description ?? '';
    const codes = text.split(',').map((code) => code.trim());
    return codes.filter((code): code is ErrorCode => code in ERROR_STATUS);
  });
}

/**
 * Every error an operation can answer, by status: those its access level brings (a bad
 * input, no session, a refused caller or site) and those its definition documents.
 */
export function refusalCodes(
  route: Route,
  scope: Scope = scopeOf(route.name),
): Map<number, ErrorCode[]> {
  const schemas: EndpointSchemas = endpoints[route.name as RouteName];
  const codes: ErrorCode[] = [];
  if (schemas.params || schemas.query || schemas.body || route.bodyType)
    codes.push('VALIDATION_FAILED');
  if (route.access !== 'public') codes.push('UNAUTHORIZED');
  if (route.access === 'user' || route.access === 'admin') codes.push('FORBIDDEN');
  if (route.method !== 'GET' && route.access !== 'edge') codes.push('CROSS_SITE_REQUEST');
  if (scope && route.access === 'user') codes.push('RATE_LIMITED');
  codes.push(...documentedCodes(schemas));
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

const ERROR_BODY = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/** The operation's error answers: the error body, described by the codes it can carry. */
export function refusalResponses(
  route: Route,
  scope: Scope = scopeOf(route.name),
): Record<string, unknown> {
  return Object.fromEntries(
    [...refusalCodes(route, scope)]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        { description: list.map((code) => `\`${code}\``).join(', '), content: ERROR_BODY },
      ]),
  );
}

type Operation = Record<string, unknown> & { responses?: Record<string, unknown> };

/** An operation of the generated document, with its name, security, tag and errors. */
export function completeOperation(route: Route, operation: Operation): Operation {
  const answers = Object.fromEntries(
    Object.entries(operation.responses ?? {}).filter(([status]) => Number(status) < 400),
  );
  const scope = scopeOf(route.name);
  const note = keyNote(route, scope);
  const description = [operation.description, note].filter(Boolean).join('\n\n');
  return {
    ...operation,
    operationId: operationIdOf(route.name),
    tags: [route.name.slice(0, route.name.lastIndexOf('.'))],
    ...(description ? { description } : {}),
    security: securityOf(route, scope),
    responses: { ...answers, ...refusalResponses(route, scope) },
  };
}
