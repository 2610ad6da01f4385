import dgram from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { bdecode, bencode, ngCommand, pingRtpengine } from './rtpengine-ng.js';

describe('bencode', () => {
  it('writes what rtpengine reads: sorted keys, byte lengths, integers, lists', () => {
    expect(bencode({ 'call-id': 'abc', command: 'query' })).toBe(
      'd7:call-id3:abc7:command5:querye',
    );
    expect(bencode({ flags: ['trust-address', 'SIP-source-address'], 'ICE-lite': 'off' })).toBe(
      'd8:ICE-lite3:off5:flagsl13:trust-address18:SIP-source-addressee',
    );
    expect(bencode({ n: -12 })).toBe('d1:ni-12ee');
    expect(() => bencode({ n: 1.5 })).toThrow(/integers only/);
  });

  it('reads back what it writes, nested', () => {
    const value = { result: 'ok', totals: { packets: 1200, streams: [{ ssrc: 7 }, 'x'] } };
    expect(bdecode(bencode(value))).toEqual(value);
  });

  it('keeps an integer beyond 2^53 (a microsecond timestamp) as its digits, not rounded', () => {
    expect(bdecode('d10:created_tsi1764230400123456e7:createdi1764230400ee')).toEqual({
      created_ts: 1764230400123456,
      created: 1764230400,
    });
    expect(bdecode('i12345678901234567e')).toBe('12345678901234567');
    expect(() => bdecode(`i${'9'.repeat(21)}e`)).toThrow(/malformed bencode/);
  });

  it('keeps a key named __proto__ a key, not a prototype', () => {
    const decoded = bdecode('d9:__proto__d5:admini1eee') as Record<string, unknown>;
    expect(Object.keys(decoded)).toEqual(['__proto__']);
    expect((decoded as { admin?: unknown }).admin).toBeUndefined();
  });

  it.each([
    ['', 'empty'],
    ['d6:result4:pong', 'an unclosed dictionary'],
    ['d6:result4:pongee', 'something after the value'],
    ['d6:result9:pong', 'a string longer than what came'],
    ['d6:resulti12x3ee', 'a bad integer'],
    ['di1e4:pinge', 'a key that is not a string'],
    ['d6:resulte', 'a key without a value'],
    ['4x:pong', 'a bad length'],
    [`${'l'.repeat(40)}${'e'.repeat(40)}`, 'nesting past the limit'],
  ])('refuses %j (%s)', (text) => {
    expect(() => bdecode(text)).toThrow(/malformed bencode/);
  });
});

describe('ngCommand', () => {
  const sockets: dgram.Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  /** A control socket on 127.0.0.1 that answers each command with `reply(cookie, text)`. */
  async function peer(reply: (cookie: string, command: string) => string[]) {
    const socket = dgram.createSocket('udp4');
    sockets.push(socket);
    socket.on('message', (msg, from) => {
      const text = msg.toString('latin1');
      const space = text.indexOf(' ');
      for (const answer of reply(text.slice(0, space), text.slice(space + 1)))
        socket.send(Buffer.from(answer, 'latin1'), from.port, from.address);
    });
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return { address: '127.0.0.1', port: socket.address().port };
  }

  it('answers the dictionary replied to its own cookie, ignoring replies to others', async () => {
    const seen: string[] = [];
    const control = await peer((cookie, command) => {
      seen.push(command);
      return [`someone-else d6:result5:errore`, `${cookie} d6:result2:ok7:createdi3ee`];
    });
    await expect(ngCommand(control, { command: 'query', 'call-id': 'c1' })).resolves.toEqual({
      result: 'ok',
      created: 3,
    });
    expect(seen).toEqual(['d7:call-id2:c17:command5:querye']);
  });

  it('rejects a reply that is malformed or not a dictionary, and a silent peer in time', async () => {
    const broken = await peer((cookie) => [`${cookie} d6:result`]);
    await expect(ngCommand(broken, { command: 'ping' })).rejects.toThrow(/malformed bencode/);
    const list = await peer((cookie) => [`${cookie} l4:ponge`]);
    await expect(ngCommand(list, { command: 'ping' })).rejects.toThrow(/not a dictionary/);
    const silent = await peer(() => []);
    const started = Date.now();
    await expect(ngCommand(silent, { command: 'ping' }, 150)).rejects.toThrow(/within 150 ms/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('pings: true only for pong', async () => {
    const pong = await peer((cookie) => [`${cookie} d6:result4:ponge`]);
    const other = await peer((cookie) => [`${cookie} d6:result5:errore`]);
    const silent = await peer(() => []);
    expect(await pingRtpengine(pong)).toBe(true);
    expect(await pingRtpengine(other)).toBe(false);
    expect(await pingRtpengine(silent, 100)).toBe(false);
  });
});
