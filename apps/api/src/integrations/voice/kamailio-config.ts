import { bracketed, checkedAddress, quoted, whole } from './edge-values.js';
import { controlAddress, type MediaSettings } from './rtpengine-config.js';

/** What the SIP edge's Kamailio needs from Parley's settings. */
export interface EdgeSettings {
  domain: string;
  /** Where Kamailio listens: an address, the SIP port for UDP, and for TCP `tcpPort`
   * (SIP_PORT_TCP, the port customers are shown; `port` when not given). */
  listen: { address: string; port: number; tcpPort?: number };
  /** Parley's PostgreSQL database as the edge's own role, which may read only the
   * views of edge-role.ts (EDGE_READS). */
  databaseUrl: string;
  /** Parley's address as the edge reaches it, and the edge's secret. */
  parleyUrl: string;
  edgeSecret: string;
  /** Where allowed calls go: the carrier's trunk, host:port. */
  trunk: string;
  /** Digest credentials the trunk asks of us, when it does. */
  trunkAuth?: { username: string; password: string };
  /** Addresses the trunk sends calls from (inbound calls to DIDs), as given
   * (VOICE_TRUNK_SOURCES); none: the trunk never calls in. */
  trunkSources: string[];
  /** Where Parley reaches Kamailio's RPC (JSON-RPC over HTTP) to end calls. */
  rpc: { address: string; port: number };
  /** A call not answered within this many seconds gets no answer (Parley's ring timeout). */
  ringTimeoutSeconds: number;
  /** SIP over WebSocket for browsers: plain on `port` (behind a TLS proxy), and secure on
   * `securePort` when a certificate is given. */
  websocket?: { port?: number; securePort?: number };
  /** TLS: SIP over TLS on `port` and WSS, with this certificate and key (PEM files). */
  tls?: { port: number; certificate: string; privateKey: string; configFile?: string };
  /** rtpengine's control socket. */
  media: MediaSettings['control'];
  /** Failed digest answers from one source before it is refused, and for how long. */
  authFailLimit: number;
  authBanSeconds: number;
  /** How often customers' trunk sources are read again besides Parley's reloads (60). */
  sourcesReloadSeconds?: number;
}

/** host:port of a trunk (an IPv4 or a host name; IPv6 in brackets). */
function trunk(value: string): string {
  if (!/^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(value))
    throw new Error('the trunk must be host or host:port');
  return value;
}

/**
 * `parley-settings.cfg`, which deploy/voice/kamailio.cfg imports: listen lines and
 * `#!define`s. Values are checked, never escaped: a setting that could break out of
 * its quotes is refused.
 */
export function kamailioSettings(s: EdgeSettings): string {
  const address = bracketed(s.listen.address);
  if (!/^[\w.:[\]-]+$/.test(address)) throw new Error('the listen address is not an address');
  const port = whole('the SIP port', s.listen.port, 1, 65535);
  const tcpPort = whole('the SIP TCP port', s.listen.tcpPort ?? s.listen.port, 1, 65535);
  const secret = quoted('VOICE_EDGE_SECRET', s.edgeSecret).slice(1, -1);
  const url = new URL(s.databaseUrl);
  // Kamailio's db_postgres URL: postgres://user:password@host:port/database.
  const db = `postgres://${url.username}${url.password ? `:${url.password}` : ''}@${url.hostname}:${url.port || '5432'}${url.pathname}`;
  return [
    '# Rendered by Parley (npm run voice:edge) from its settings. Do not edit.',
    `listen=udp:${address}:${port}`,
    `listen=tcp:${address}:${tcpPort}`,
    `listen=tcp:${bracketed(checkedAddress(s.rpc.address))}:${whole('the RPC port', s.rpc.port, 1, 65535)}`,
    ...(s.websocket?.port
      ? [`listen=tcp:${address}:${whole('the WebSocket port', s.websocket.port, 1, 65535)}`]
      : []),
    ...(s.tls
      ? [
          '#!define WITH_TLS',
          'enable_tls=yes',
          `listen=tls:${address}:${whole('the TLS port', s.tls.port, 1, 65535)}`,
          ...(s.websocket?.securePort
            ? [`listen=tls:${address}:${whole('the WSS port', s.websocket.securePort, 1, 65535)}`]
            : []),
          `#!define TLS_CONFIG ${quoted('the TLS configuration', s.tls.configFile ?? 'tls.cfg')}`,
        ]
      : []),
    ...(s.websocket
      ? [
          '#!define WITH_WEBSOCKET',
          `#!define WS_PORT ${s.websocket.port ?? -1}`,
          `#!define WSS_PORT ${s.tls && s.websocket.securePort ? s.websocket.securePort : -1}`,
        ]
      : []),
    `#!define SIP_DOMAIN ${quoted('SIP_DOMAIN', s.domain)}`,
    `#!define DB_URL ${quoted('DATABASE_URL', decodeURIComponent(db))}`,
    `#!define PARLEY_URL ${quoted('the Parley URL', new URL(s.parleyUrl).origin)}`,
    `#!define EDGE_HEADERS "Content-Type: application/json\\r\\nAuthorization: Bearer ${secret}"`,
    `#!define EDGE_AUTH "Bearer ${secret}"`,
    `#!define RPC_PORT ${s.rpc.port}`,
    `#!define RING_TIMEOUT_MS ${whole('the ring timeout', s.ringTimeoutSeconds, 5, 600)}000`,
    `#!define TRUNK_ADDRESS ${quoted('VOICE_TRUNK', trunk(s.trunk))}`,
    `#!define TRUNK_SOURCES ${quoted('the trunk sources', sourcePattern(s.trunkSources))}`,
    ...(s.trunkAuth
      ? [
          '#!define WITH_TRUNK_AUTH',
          `#!define TRUNK_USERNAME ${quoted('VOICE_TRUNK_USERNAME', s.trunkAuth.username)}`,
          `#!define TRUNK_PASSWORD ${quoted('VOICE_TRUNK_PASSWORD', s.trunkAuth.password)}`,
        ]
      : []),
    `#!define RTPENGINE_SOCK "udp:${controlAddress(s.media)}"`,
    `#!define AUTH_FAIL_LIMIT ${whole('the failure limit', s.authFailLimit, 1, 1000)}`,
    `#!substdef "!AUTH_BAN_SECONDS!${whole('the ban', s.authBanSeconds, 1, 86_400)}!g"`,
    `#!substdef "!SOURCES_RELOAD_SECONDS!${whole('the sources reload', s.sourcesReloadSeconds ?? 60, 1, 3600)}!g"`,
    '',
  ].join('\n');
}

/** A regular expression matching exactly the trunk's source addresses ($si). */
function sourcePattern(addresses: string[]): string {
  if (addresses.length === 0) return '^$';
  const one = (a: string) => checkedAddress(a).replace(/\./g, '[.]');
  return `^(${addresses.map(one).join('|')})$`;
}

/** Kamailio's tls.cfg: one server profile with the certificate and key given. */
export function tlsConfig(tls: { certificate: string; privateKey: string }): string {
  const path = (name: string, v: string) => {
    if (!/^\/[\w./-]+$/.test(v)) throw new Error(`${name} must be an absolute file path`);
    return v;
  };
  return [
    '# Rendered by Parley (npm run voice:edge) from its settings. Do not edit.',
    '[server:default]',
    'method = TLSv1.2+',
    'verify_certificate = no',
    'require_certificate = no',
    `certificate = ${path('SIP_TLS_CERT', tls.certificate)}`,
    `private_key = ${path('SIP_TLS_KEY', tls.privateKey)}`,
    '',
  ].join('\n');
}
