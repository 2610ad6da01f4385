import { bracketed, checkedAddress, whole } from './edge-values.js';

/** What the SIP edge's media relay (rtpengine) needs from Parley's settings. */
export interface MediaSettings {
  /** The address media is relayed on, and the one written into SDP when it differs
   * (the public address of a relay behind NAT). */
  address: string;
  advertised?: string;
  /** The UDP ports it takes for media, two per call leg. */
  ports: { min: number; max: number };
  /** Where Kamailio controls it (rtpengine's ng protocol over UDP). */
  control: { address: string; port: number };
}

/**
 * rtpengine's configuration file (section [parley]) for userspace forwarding
 * (table = -1: no kernel module, so it runs wherever the package installs).
 */
export function rtpengineConfig(s: MediaSettings): string {
  const address = checkedAddress(s.address);
  const advertised = s.advertised ? `!${checkedAddress(s.advertised)}` : '';
  const min = Number(whole('the first media port', s.ports.min, 1024, 65534));
  const max = Number(whole('the last media port', s.ports.max, min + 1, 65535));
  return [
    '# Rendered by Parley (npm run voice:edge) from its settings. Do not edit.',
    '[parley]',
    'table = -1',
    `interface = ${address}${advertised}`,
    `listen-ng = ${controlAddress(s.control)}`,
    `port-min = ${min}`,
    `port-max = ${max}`,
    'foreground = true',
    'log-stderr = true',
    'log-level = 5',
    // A leg that sends nothing for a minute is gone; one on hold may stay an hour.
    'timeout = 60',
    'silent-timeout = 3600',
    // The longest call Parley allows (4 h) and a margin: nothing outlives its dialog.
    'final-timeout = 14700',
    // MOS from the receiver reports' jitter and loss (listening quality): many trunks
    // send no sender reports, without which conversational MOS needs a round trip time
    // and is never computed.
    'mos = LQ',
    '',
  ].join('\n');
}

/** host:port of rtpengine's control socket (IPv6 in brackets). */
export function controlAddress(c: MediaSettings['control']): string {
  return `${bracketed(checkedAddress(c.address))}:${whole('the control port', c.port, 1, 65535)}`;
}
