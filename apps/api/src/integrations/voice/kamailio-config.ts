/** What the SIP edge's Kamailio needs from Parley's settings. */
export interface EdgeSettings {
  domain: string;
  /** Where Kamailio listens: an address and the SIP port (UDP and TCP). */
  listen: { address: string; port: number };
  /** The PostgreSQL database Parley uses (auth_db reads sip_subscribers there). */
  databaseUrl: string;
  /** Failed digest answers from one source before it is refused, and for how long. */
  authFailLimit: number;
  authBanSeconds: number;
}

/** A value written between double quotes in Kamailio's configuration. */
function quoted(name: string, value: string): string {
  if (!/^[\x21-\x7e]+$/.test(value) || value.includes('"'))
    throw new Error(`${name} cannot be written into the Kamailio configuration`);
  return `"${value}"`;
}

const whole = (name: string, n: number, min: number, max: number) => {
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} is out of range`);
  return String(n);
};

/**
 * `parley-settings.cfg`, which deploy/voice/kamailio.cfg imports: listen lines and
 * `#!define`s. Values are checked, never escaped: a setting that could break out of
 * its quotes is refused.
 */
export function kamailioSettings(s: EdgeSettings): string {
  const address = s.listen.address.includes(':') ? `[${s.listen.address}]` : s.listen.address;
  if (!/^[\w.:[\]-]+$/.test(address)) throw new Error('the listen address is not an address');
  const port = whole('the SIP port', s.listen.port, 1, 65535);
  const url = new URL(s.databaseUrl);
  // Kamailio's db_postgres URL: postgres://user:password@host:port/database.
  const db = `postgres://${url.username}${url.password ? `:${url.password}` : ''}@${url.hostname}:${url.port || '5432'}${url.pathname}`;
  return [
    '# Rendered by Parley (npm run voice:edge) from its settings. Do not edit.',
    `listen=udp:${address}:${port}`,
    `listen=tcp:${address}:${port}`,
    `#!define SIP_DOMAIN ${quoted('SIP_DOMAIN', s.domain)}`,
    `#!define DB_URL ${quoted('DATABASE_URL', decodeURIComponent(db))}`,
    `#!define AUTH_FAIL_LIMIT ${whole('the failure limit', s.authFailLimit, 1, 1000)}`,
    `#!substdef "!AUTH_BAN_SECONDS!${whole('the ban', s.authBanSeconds, 1, 86_400)}!g"`,
    '',
  ].join('\n');
}
