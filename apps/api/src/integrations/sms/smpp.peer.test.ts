import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmppServer } from '../../../test/smpp-server.js';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  GatewayUnknownOutcomeError,
  type Receipt,
} from './port.js';
import { receiptIdCandidates } from './receipt.js';
import { createSmppGateway } from './smpp.js';

const quiet = { info() {}, warn() {} };
let server: Awaited<ReturnType<typeof startSmppServer>>;
const gateways: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await startSmppServer({ systemId: 'parley', password: 'secret' });
});
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
  server.state.refuseBinds = false;
  server.state.dropOnSubmit = 0;
  server.state.dropAfter = -1;
  server.state.silent = false;
});
afterAll(() => server.close());

function gateway(overrides: { password?: string; submitsPerSecond?: number } = {}) {
  const g = createSmppGateway({
    host: '127.0.0.1',
    port: server.port,
    systemId: 'parley',
    password: overrides.password ?? 'secret',
    submitsPerSecond: overrides.submitsPerSecond ?? 1000,
    backoffMs: 50,
    maxBackoffMs: 200,
    responseTimeoutMs: 2000,
    log: quiet,
  });
  gateways.push(g);
  return g;
}

/** Every receipt the gateway hears; a test waits for the one naming its message. */
function receiptsOf(g: ReturnType<typeof gateway>) {
  const heard: Receipt[] = [];
  g.onReceipt(async (r) => {
    heard.push(r);
  });
  return async (upstreamId: string): Promise<Receipt | undefined> => {
    const end = Date.now() + 3000;
    while (Date.now() < end) {
      const found = heard.find((r) => receiptIdCandidates(r.upstreamId).includes(upstreamId));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    return undefined;
  };
}

describe('the SMPP gateway, against a real SMPP server on 127.0.0.1', () => {
  it('binds, submits with registered delivery, and hears the receipt by id', async () => {
    const g = gateway();
    await g.ready();
    const receiptFor = receiptsOf(g);
    const ids = await g.submit({
      id: 'm1',
      senderId: 'Parley',
      recipient: '+447400123456',
      message: 'Hello from Parley',
      reference: 7,
    });
    expect(ids).toHaveLength(1);
    const sent = server.submitted.at(-1);
    expect(sent).toMatchObject({
      destination: '447400123456',
      source: 'Parley',
      dataCoding: 0,
      message: 'Hello from Parley',
    });
    // The server answers in hex and receipts in decimal: the two meet.
    const r = await receiptFor(ids[0] ?? '');
    expect(r?.status).toBe('delivered');
    expect(r?.upstreamId).toBe(String(Number.parseInt(ids[0] ?? '', 16)));
  });

  it('sends UCS-2 as data coding 8, concatenated with a UDH across parts', async () => {
    const g = gateway();
    await g.ready();
    const before = server.submitted.length;
    const text = 'م'.repeat(160);
    const ids = await g.submit({
      id: 'm2',
      senderId: '+447400000001',
      recipient: '+971501234567',
      message: text,
      reference: 42,
    });
    expect(ids).toHaveLength(3);
    const parts = server.submitted.slice(before);
    expect(parts.map((p) => p.dataCoding)).toEqual([8, 8, 8]);
    expect(parts.map((p) => [...(p.udh?.[0] ?? [])])).toEqual([
      [0x00, 0x03, 42, 3, 1],
      [0x00, 0x03, 42, 3, 2],
      [0x00, 0x03, 42, 3, 3],
    ]);
    expect(parts.map((p) => p.message).join('')).toBe(text);
  });

  it('reports a failed delivery', async () => {
    const g = gateway();
    await g.ready();
    const receiptFor = receiptsOf(g);
    const [id] = await g.submit({
      id: 'm3',
      senderId: 'Parley',
      recipient: '+447400120000',
      message: 'x',
      reference: 1,
    });
    expect(await receiptFor(id ?? '')).toMatchObject({
      status: 'failed',
      error: 'UNDELIV (err 000)',
    });
  });

  it('is unavailable while the bind is refused, and binds once it is accepted', async () => {
    server.state.refuseBinds = true;
    const g = gateway();
    await new Promise((r) => setTimeout(r, 150));
    expect(g.bound).toBe(false);
    await expect(
      g.submit({ id: 'm4', senderId: 'P', recipient: '+447400123456', message: 'x', reference: 1 }),
    ).rejects.toBeInstanceOf(GatewayUnavailableError);
    server.state.refuseBinds = false;
    await g.ready();
    expect(g.bound).toBe(true);
  });

  it('when the server drops mid-send, reports the outcome unknown rather than resend, then binds again', async () => {
    const g = gateway();
    await g.ready();
    const before = server.submitted.length;
    server.state.dropOnSubmit = 0;
    // Let the first part of a three-part message through, then drop on the second.
    server.state.dropAfter = 1;
    const err = await g
      .submit({
        id: 'm6',
        senderId: 'P',
        recipient: '+447400123456',
        message: 'a'.repeat(400),
        reference: 9,
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayUnknownOutcomeError);
    expect((err as GatewayUnknownOutcomeError).accepted).toHaveLength(1);
    expect(server.submitted.length - before).toBe(1);
    await g.ready();
    await expect(
      g.submit({
        id: 'm6b',
        senderId: 'P',
        recipient: '+447400123456',
        message: 'b',
        reference: 2,
      }),
    ).resolves.toHaveLength(1);
  });

  it('resumes a message from the parts already accepted, sending none twice', async () => {
    const g = gateway();
    await g.ready();
    const before = server.submitted.length;
    const ids = await g.submit({
      id: 'm5',
      senderId: 'P',
      recipient: '+447400123456',
      message: 'a'.repeat(400),
      reference: 9,
      acceptedParts: ['earlier-1'],
    });
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe('earlier-1');
    expect(server.submitted.slice(before).map((p) => p.udh?.[0]?.[4])).toEqual([2, 3]);
  });

  it('is unavailable while unbound, keeping what was accepted', async () => {
    server.state.refuseBinds = true;
    server.dropAll();
    const g = gateway();
    const err = await g
      .submit({
        id: 'm9',
        senderId: 'P',
        recipient: '+447400123456',
        message: 'x',
        reference: 1,
        acceptedParts: [],
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayUnavailableError);
  });

  it('drops a link that stops answering enquire_link, and binds again', async () => {
    const g = createSmppGateway({
      host: '127.0.0.1',
      port: server.port,
      systemId: 'parley',
      password: 'secret',
      submitsPerSecond: 1000,
      enquireLinkMs: 50,
      responseTimeoutMs: 150,
      backoffMs: 50,
      log: quiet,
    });
    gateways.push(g);
    await g.ready();
    const binds = server.state.binds;
    // The server still binds but answers nothing else: the link must be replaced.
    server.state.silent = true;
    const end = Date.now() + 3000;
    while (server.state.binds === binds && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
    expect(server.state.binds).toBeGreaterThan(binds);
    server.state.silent = false;
    await g.ready();
  });

  it('refuses what the upstream rejects, for good', async () => {
    const g = gateway();
    await g.ready();
    await expect(
      g.submit({ id: 'm7', senderId: 'P', recipient: '+999123456', message: 'x', reference: 1 }),
    ).rejects.toBeInstanceOf(GatewayRejectedError);
  });

  it('keeps to the submit rate', async () => {
    const g = gateway({ submitsPerSecond: 20 });
    await g.ready();
    const started = Date.now();
    await g.submit({
      id: 'm8',
      senderId: 'P',
      recipient: '+447400123456',
      message: 'b'.repeat(153 * 4),
      reference: 3,
    });
    // Four parts at 20 a second take at least three 50 ms gaps.
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});
