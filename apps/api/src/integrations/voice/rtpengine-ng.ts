import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';

/** A value of rtpengine's ng protocol: bencode's strings, integers, lists and dictionaries. */
export type NgValue = string | number | NgValue[] | { [key: string]: NgValue };
export type NgDictionary = { [key: string]: NgValue };

/** Nesting deeper than this is refused rather than followed (rtpengine's answers use ~6). */
const MAX_DEPTH = 32;

/** `value` in bencode; strings are sent as latin1, one byte per character. */
export function bencode(value: NgValue): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error('bencode: integers only');
    return `i${value}e`;
  }
  if (typeof value === 'string') return `${Buffer.byteLength(value, 'latin1')}:${value}`;
  if (Array.isArray(value)) return `l${value.map(bencode).join('')}e`;
  // Keys sorted, as bencode asks.
  const keys = Object.keys(value).sort();
  return `d${keys.map((k) => bencode(k) + bencode(value[k] as NgValue)).join('')}e`;
}

/** Decodes one bencoded value that fills `text`; throws on anything malformed. */
export function bdecode(text: string): NgValue {
  let at = 0;
  const malformed = (): never => {
    throw new Error(`malformed bencode at ${at}`);
  };
  const read = (depth: number): NgValue => {
    if (depth > MAX_DEPTH) malformed();
    const c = text[at];
    if (c === 'i') {
      const end = text.indexOf('e', at);
      const digits = end < 0 ? '' : text.slice(at + 1, end);
      if (!/^-?\d{1,20}$/.test(digits)) malformed();
      at = end + 1;
      // Beyond 2^53 a number would be rounded: such an integer (a microsecond timestamp)
      // stays its digits.
      const n = Number(digits);
      return Number.isSafeInteger(n) ? n : digits;
    }
    if (c === 'l' || c === 'd') {
      at++;
      const items: NgValue[] = [];
      while (text[at] !== 'e') {
        if (at >= text.length) malformed();
        items.push(read(depth + 1));
      }
      at++;
      if (c === 'l') return items;
      if (items.length % 2 !== 0) malformed();
      // No prototype: a key such as "__proto__" stays a key.
      const dict: NgDictionary = Object.create(null);
      for (let k = 0; k < items.length; k += 2) {
        const key = items[k];
        if (typeof key !== 'string') malformed();
        dict[key as string] = items[k + 1] as NgValue;
      }
      return dict;
    }
    const colon = text.indexOf(':', at);
    const length = colon < 0 ? '' : text.slice(at, colon);
    if (!/^\d{1,9}$/.test(length)) malformed();
    const start = colon + 1;
    const end = start + Number(length);
    if (end > text.length) malformed();
    at = end;
    return text.slice(start, end);
  };
  const value = read(0);
  if (at !== text.length) malformed();
  return value;
}

/**
 * Sends one command to rtpengine's control socket (the ng protocol: a cookie, a space,
 * a bencoded dictionary) and answers its reply's dictionary. Rejects after `timeoutMs`,
 * on a socket error, or when the reply is not a dictionary; replies to other cookies
 * are ignored.
 */
export function ngCommand(
  control: { address: string; port: number },
  command: NgDictionary,
  timeoutMs = 2000,
): Promise<NgDictionary> {
  const socket = dgram.createSocket(control.address.includes(':') ? 'udp6' : 'udp4');
  const cookie = randomBytes(6).toString('hex');
  return new Promise<NgDictionary>((resolve, reject) => {
    let settled = false;
    const settle = (error: Error | null, answer?: NgDictionary) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve(answer as NgDictionary);
    };
    const timer = setTimeout(
      () => settle(new Error(`rtpengine did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on('error', (err) => settle(err));
    socket.on('message', (msg) => {
      const text = msg.toString('latin1');
      if (!text.startsWith(`${cookie} `)) return;
      let answer: NgValue;
      try {
        answer = bdecode(text.slice(cookie.length + 1));
      } catch (err) {
        return settle(err as Error);
      }
      if (typeof answer !== 'object' || Array.isArray(answer))
        return settle(new Error("rtpengine's answer is not a dictionary"));
      settle(null, answer);
    });
    try {
      socket.send(
        Buffer.from(`${cookie} ${bencode(command)}`, 'latin1'),
        control.port,
        control.address,
      );
    } catch (err) {
      settle(err as Error);
    }
  });
}

/** True when rtpengine's control socket answers `ping` with `pong` within `timeoutMs`. */
export function pingRtpengine(
  control: { address: string; port: number },
  timeoutMs = 500,
): Promise<boolean> {
  return ngCommand(control, { command: 'ping' }, timeoutMs).then(
    (answer) => answer.result === 'pong',
    () => false,
  );
}
