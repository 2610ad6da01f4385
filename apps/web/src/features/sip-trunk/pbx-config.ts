import type { Trunk, Trunks } from '@parley/shared';
import { TRUNK_CODECS, type TrunkCodec } from '@parley/shared/domain';

/** A trunk's values as its PBX needs them; `password` may be masked for the screen. */
export type PeerValues = {
  trunk: Pick<Trunk, 'username' | 'authMethod' | 'codec' | 'domain' | 'callerId'>;
  password: string;
  edge: Trunks['edge'];
};

/** Each codec's names in Asterisk, FreeSWITCH and 3CX. */
const NAMES: Record<TrunkCodec, { asterisk: string[]; freeswitch: string[]; threeCx: string[] }> = {
  g711: {
    asterisk: ['ulaw', 'alaw'],
    freeswitch: ['PCMU', 'PCMA'],
    threeCx: ['G711 U-law', 'G711 A-law'],
  },
  g722: { asterisk: ['g722'], freeswitch: ['G722'], threeCx: ['G722'] },
  g729: { asterisk: ['g729'], freeswitch: ['G729'], threeCx: ['G729'] },
  opus: { asterisk: ['opus'], freeswitch: ['OPUS'], threeCx: ['OPUS'] },
};

/** The codecs in the trunk's order: its choice first (what the edge offers first). */
const codecs = (codec: TrunkCodec, pbx: 'asterisk' | 'freeswitch' | 'threeCx') =>
  [codec, ...TRUNK_CODECS.filter((c) => c !== codec)].flatMap((c) => NAMES[c][pbx]);

const transportOf = (v: PeerValues) =>
  v.trunk.authMethod === 'tls'
    ? { name: 'tls', port: v.edge.tls }
    : { name: 'udp', port: v.edge.udp };

const domainOf = (v: PeerValues) => v.trunk.domain || v.edge.domain;

/** Asterisk (res_pjsip): endpoint, aor, auth and registration, or identify for IP auth. */
export function asteriskPjsip(v: PeerValues): string {
  const domain = domainOf(v);
  const { name, port } = transportOf(v);
  const tail = name === 'tls' ? ';transport=tls' : '';
  const ip = v.trunk.authMethod === 'ip';
  const lines = [
    `; Parley SIP trunk ${v.trunk.username}`,
    `[parley]`,
    `type=endpoint`,
    `transport=transport-${name}`,
    `context=from-parley`,
    `disallow=all`,
    `allow=${codecs(v.trunk.codec, 'asterisk').join(',')}`,
    `aors=parley`,
    ...(ip ? [] : [`outbound_auth=parley-auth`, `from_user=${v.trunk.username}`]),
    `from_domain=${domain}`,
    `direct_media=no`,
    ``,
    `[parley]`,
    `type=aor`,
    `contact=sip:${domain}:${port}${tail}`,
    `qualify_frequency=60`,
    ``,
  ];
  if (ip) lines.push(`[parley-identify]`, `type=identify`, `endpoint=parley`, `match=${domain}`);
  else
    lines.push(
      `[parley-auth]`,
      `type=auth`,
      `auth_type=userpass`,
      `username=${v.trunk.username}`,
      `password=${v.password}`,
      ``,
      `[parley-reg]`,
      `type=registration`,
      `transport=transport-${name}`,
      `outbound_auth=parley-auth`,
      `server_uri=sip:${domain}:${port}${tail}`,
      `client_uri=sip:${v.trunk.username}@${domain}:${port}${tail}`,
      `retry_interval=60`,
      ``,
      `[parley-identify]`,
      `type=identify`,
      `endpoint=parley`,
      `match=${domain}`,
    );
  return lines.join('\n');
}

/** FreeSWITCH: a gateway in the external profile (sip_profiles/external/parley.xml). */
export function freeswitchGateway(v: PeerValues): string {
  const domain = domainOf(v);
  const { name, port } = transportOf(v);
  const ip = v.trunk.authMethod === 'ip';
  const param = (key: string, value: string) => `    <param name="${key}" value="${value}"/>`;
  return [
    `<!-- Parley SIP trunk ${v.trunk.username} -->`,
    `<include>`,
    `  <gateway name="parley">`,
    param('username', v.trunk.username),
    param('password', ip ? 'not-used' : v.password),
    param('realm', domain),
    param('from-domain', domain),
    param('proxy', `${domain}:${port}`),
    param('register', ip ? 'false' : 'true'),
    param('register-transport', name),
    param('caller-id-in-from', 'true'),
    param('ping', '60'),
    `  </gateway>`,
    `</include>`,
    `<!-- vars.xml: outbound_codec_prefs=${codecs(v.trunk.codec, 'freeswitch').join(',')} -->`,
  ].join('\n');
}

/** 3CX: the fields of a generic SIP trunk, as its admin console names them. */
export function threeCxFields(v: PeerValues): string {
  const domain = domainOf(v);
  const { name, port } = transportOf(v);
  const ip = v.trunk.authMethod === 'ip';
  return [
    `Registrar/Server/Gateway Hostname or IP: ${domain}`,
    `Registrar/Server Port: ${port}`,
    `Outbound Proxy: ${domain}`,
    `Outbound Proxy Port: ${port}`,
    `Transport Protocol: ${name.toUpperCase()}`,
    `Type of Authentication: ${ip ? 'Do not require - IP Based' : 'Register/Account based'}`,
    ...(ip
      ? []
      : [
          `Authentication ID (aka SIP User ID): ${v.trunk.username}`,
          `Authentication Password: ${v.password}`,
        ]),
    ...(v.trunk.callerId ? [`Main Trunk No: ${v.trunk.callerId}`] : []),
    `Codec Priority: ${codecs(v.trunk.codec, 'threeCx').join(', ')}`,
  ].join('\n');
}
