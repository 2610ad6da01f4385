import path from 'node:path';
import { MAIL_MAX_SIZE } from '@parley/shared';
import type { MailEdgeSettings, PluginSettings } from './settings.js';

/**
 * When a temporarily refused message is tried again: the last try about 56 hours after
 * the first, inside Parley's delivery deadline (MAIL_DELIVERY_DEADLINE_HOURS, 72).
 */
export const DEFAULT_RETRY_INTERVALS = '5m,10m,30m,1h,2h*3,4h*4,8h*4';

/** How often reports Parley did not take are sent again. */
export const REPORT_RETRY_MS = 5000;

/**
 * RFC 7919's ffdhe2048 group, so Haraka need not generate DH parameters at every start
 * (it would otherwise, in each new run folder). OpenSSL names it: GROUP ffdhe2048.
 */
const FFDHE2048 = [
  '-----BEGIN DH PARAMETERS-----',
  'MIIBCAKCAQEA//////////+t+FRYortKmq/cViAnPTzx2LnFg84tNpWp4TZBFGQz',
  '+8yTnc4kmz75fS/jY2MMddj2gbICrsRhetPfHtXV/WVhJDP1H18GbtCFY2VVPe0a',
  '87VXE15/V8k1mE8McODmi3fipona8+/och3xWKE2rec1MKzKT0g6eXq8CrGCsyT7',
  'YdEIqUuyyOP7uWrat2DX9GgdT0Kj3jlN9K5W7edjcrsZCwenyO4KbXCeAvzhzffi',
  '7MA0BM0oNC9hkXL+nOmFg/+OTxIy7vKBg8P+OxtMb61zO7X8vC7CIAXFjvGDfRaD',
  'ssbzSibBsu/6iGtCOGEoXJf//////////wIBAg==',
  '-----END DH PARAMETERS-----',
].join('\n');

/** `[::1]:25` for IPv6, `127.0.0.1:25` for IPv4. */
const hostPort = (address: string, port: number) =>
  address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;

/** The edge's spool layout under MAIL_EDGE_QUEUE_DIR. */
export const spoolOf = (queueDir: string) => ({
  outbound: path.join(queueDir, 'outbound'),
  reports: path.join(queueDir, 'reports'),
  lock: path.join(queueDir, 'edge.pid'),
});

/**
 * Haraka's configuration folder for one run, as file name → text (under config/ unless
 * the name says plugins/). `pluginModule` is the absolute path of Parley's plugin module
 * (plugin.ts or its build), which the rendered shim requires.
 */
const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

export function harakaFiles(
  s: MailEdgeSettings,
  pluginModule: string,
  tls: { certificate: string; privateKey: string },
): Record<string, string> {
  const spool = spoolOf(s.queueDir);
  const plugin: PluginSettings = {
    host: s.host,
    ports: s.ports,
    parleyUrl: s.parleyUrl,
    edgeSecret: s.edgeSecret,
    dnsServers: s.dnsServers,
    relay: s.relay,
    deliveryPort: s.deliveryPort,
    localMxOk: s.localMxOk,
    reportsDir: spool.reports,
    reportRetryMs: REPORT_RETRY_MS,
  };
  const { submission, smtps, bounce } = s.ports;
  return {
    'config/smtp.ini': [
      '[main]',
      `listen=${[submission, smtps, bounce].map((p) => hostPort(s.listen, p)).join(',')}`,
      `smtps_port=${smtps}`,
      // One process: the queue, the report retries and the AUTH failure counts live in it.
      'nodes=0',
      'inactivity_timeout=120',
      '',
    ].join('\n'),
    'config/me': `${s.host}\n`,
    // Haraka reads no defaults for a section this file leaves out: every one is here.
    'config/connection.ini': [
      '[main]',
      'strict_rfc1869=false',
      'smtputf8=true',
      '[haproxy]',
      'hosts[]=',
      '[headers]',
      'add_received=true',
      'clean_auth_results=true',
      'show_version=false',
      'max_lines=1000',
      'max_received=100',
      '[max]',
      `bytes=${MAIL_MAX_SIZE}`,
      'mime_parts=1000',
      'line_length=512',
      'data_line_length=992',
      '[message]',
      'greeting[]=Parley mail',
      'helo=Hello',
      'close=Bye',
      '[uuid]',
      'banner_chars=0',
      'deny_chars=0',
      '',
    ].join('\n'),
    'config/plugins': 'tls\nparley\n',
    'config/tls.ini': [
      '[main]',
      'key=tls_key.pem',
      'cert=tls_cert.pem',
      'dhparam=dhparams.pem',
      'minVersion=TLSv1.2',
      `no_starttls_ports[]=${smtps}`,
      // A smarthost off this machine is reached over verified TLS or not at all: its
      // login and every message would otherwise cross the network in clear.
      ...(s.relay && !isLoopback(s.relay.host)
        ? ['[outbound]', `force_tls_hosts[]=${s.relay.host}`]
        : []),
      '',
    ].join('\n'),
    'config/tls_key.pem': tls.privateKey,
    'config/tls_cert.pem': tls.certificate,
    'config/dhparams.pem': `${FFDHE2048}\n`,
    'config/log.ini': '[main]\nlevel=warn\ntimestamps=false\nformat=default\n',
    'config/outbound.ini': [
      'enable_tls=true',
      // Parley's plugin answers get_mx and checks addresses itself (MAIL_EDGE_LOCAL_MX_OK).
      'local_mx_ok=false',
      'concurrency_max=100',
      'received_header=disabled',
      `temp_fail_intervals=${s.retryIntervals ?? DEFAULT_RETRY_INTERVALS}`,
      '',
    ].join('\n'),
    'config/queue_dir': `${spool.outbound}\n`,
    'config/parley-edge.json': `${JSON.stringify(plugin, null, 2)}\n`,
    'plugins/parley/package.json': `${JSON.stringify({ name: 'parley', main: 'index.js' })}\n`,
    'plugins/parley/index.js': [
      "'use strict';",
      "// Rendered by npm run mail:edge: Parley's hooks live in the module below.",
      `const plugin = require(${JSON.stringify(pluginModule)});`,
      "module.exports = plugin.harakaPlugin(require('node:path').join(__dirname, '..', '..', 'config', 'parley-edge.json'));",
      '',
    ].join('\n'),
  };
}
