import dgram from 'node:dgram';

type Value = string | number | Value[] | { [key: string]: Value };

/** Decodes one bencoded value (rtpengine's ng protocol) from `text` at `at`. */
function decode(text: string, at = 0): [Value, number] {
  const c = text[at];
  if (c === 'i') {
    const end = text.indexOf('e', at);
    return [Number(text.slice(at + 1, end)), end + 1];
  }
  if (c === 'l' || c === 'd') {
    const items: Value[] = [];
    let i = at + 1;
    while (text[i] !== 'e') {
      const [v, next] = decode(text, i);
      items.push(v);
      i = next;
    }
    if (c === 'l') return [items, i + 1];
    const dict: Record<string, Value> = {};
    for (let k = 0; k < items.length; k += 2) dict[String(items[k])] = items[k + 1] as Value;
    return [dict, i + 1];
  }
  const colon = text.indexOf(':', at);
  const length = Number(text.slice(at, colon));
  return [text.slice(colon + 1, colon + 1 + length), colon + 1 + length];
}

const encode = (s: Record<string, string>) =>
  `d${Object.entries(s)
    .map(([k, v]) => `${k.length}:${k}${Buffer.byteLength(v, 'latin1')}:${v}`)
    .join('')}e`;

/** rtpengine's `query` of one call: its answer as a plain object. */
export function rtpengineQuery(
  control: { address: string; port: number },
  callId: string,
): Promise<Record<string, Value>> {
  const socket = dgram.createSocket('udp4');
  const cookie = `q${Math.random().toString(36).slice(2, 10)}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error('rtpengine did not answer'));
    }, 2000);
    socket.on('message', (msg) => {
      const text = msg.toString('latin1');
      if (!text.startsWith(`${cookie} `)) return;
      clearTimeout(timer);
      socket.close();
      resolve(decode(text, cookie.length + 1)[0] as Record<string, Value>);
    });
    socket.send(
      `${cookie} ${encode({ command: 'query', 'call-id': callId })}`,
      control.port,
      control.address,
    );
  });
}

/** RTP packets rtpengine received from each side of a call, by the side's tag. */
export function packetsByTag(answer: Record<string, Value>): Record<string, number> {
  const tags = (answer.tags ?? {}) as Record<
    string,
    { medias?: { streams?: { stats?: { packets?: number } }[] }[] }
  >;
  const out: Record<string, number> = {};
  for (const [tag, t] of Object.entries(tags))
    out[tag] = (t.medias ?? [])
      .flatMap((m) => m.streams ?? [])
      .reduce((n, s) => n + (s.stats?.packets ?? 0), 0);
  return out;
}
