// kannel.conf for the peer tests' Kannel (kannel.ts): one SMPP transceiver link named
// `parley` to the SMSC a test names, and one sendsms user, all on 127.0.0.1.
import path from 'node:path';

export interface KannelSmsc {
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType?: string;
  /**
   * Kannel's msg-id-type: unset, ids are kept as strings (the SMPP way; Parley's ids are
   * UUIDs) and a receipt is matched by its receipted_message_id TLV, else by the `id:`
   * of its text (up to 64 characters). Bit 0x01 reads submit_sm_resp ids as hex, bit
   * 0x02 receipt ids as hex; both are then matched as decimal numbers.
   */
  msgIdType?: number;
  /** Seconds between enquire_link PDUs (30 by default). */
  enquireLinkInterval?: number;
  /** SMPP over TLS (use-ssl): Kannel does not verify the SMSC's certificate. */
  tls?: boolean;
}

interface Ports {
  admin: number;
  smsbox: number;
  sendsms: number;
}

/** kannel.conf for one SMPP transceiver link named `parley` and one sendsms user. */
export function config(
  dir: string,
  smsc: KannelSmsc,
  ports: Ports,
  secrets: { admin: string; user: string },
) {
  const q = (v: string | number) => `"${String(v).replace(/["\\]/g, '')}"`;
  return [
    'group = core',
    `admin-port = ${ports.admin}`,
    'admin-interface = 127.0.0.1',
    `admin-password = ${q(secrets.admin)}`,
    'admin-allow-ip = "127.0.0.1"',
    `smsbox-port = ${ports.smsbox}`,
    'smsbox-interface = 127.0.0.1',
    'box-allow-ip = "127.0.0.1"',
    'dlr-storage = internal',
    `log-file = ${q(path.join(dir, 'bearerbox.log'))}`,
    'log-level = 0',
    '',
    'group = smsc',
    'smsc = smpp',
    'smsc-id = parley',
    `host = ${q(smsc.host)}`,
    `port = ${smsc.port}`,
    'receive-port = 0',
    'transceiver-mode = true',
    `smsc-username = ${q(smsc.systemId)}`,
    `smsc-password = ${q(smsc.password)}`,
    `system-type = ${q(smsc.systemType ?? 'parley')}`,
    `enquire-link-interval = ${smsc.enquireLinkInterval ?? 30}`,
    'max-pending-submits = 10',
    'reconnect-delay = 1',
    ...(smsc.msgIdType === undefined ? [] : [`msg-id-type = ${smsc.msgIdType}`]),
    ...(smsc.tls ? ['use-ssl = true'] : []),
    '',
    'group = smsbox',
    'bearerbox-host = 127.0.0.1',
    `bearerbox-port = ${ports.smsbox}`,
    `sendsms-port = ${ports.sendsms}`,
    'sendsms-interface = 127.0.0.1',
    `log-file = ${q(path.join(dir, 'smsbox.log'))}`,
    'log-level = 0',
    '',
    'group = sendsms-user',
    'username = parley',
    `password = ${q(secrets.user)}`,
    'max-messages = 10',
    'concatenation = true',
    '',
  ].join('\n');
}
