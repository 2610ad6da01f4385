import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmppServer } from '../../../test/smpp-server.js';
import { GatewayRejectedError, GatewayUnavailableError, type Receipt } from './port.js';
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

  it('survives the server dropping mid-send: the rest of the message goes after a reconnect', async () => {
    const g = gateway();
    await g.ready();
    const before = server.submitted.length;
    const message = 'a'.repeat(400); // three GSM-7 parts
    server.state.dropOnSubmit = 0;
    // Let the first part through, then drop on the second.
    const first = await g.submit({
      id: 'm5',
      senderId: 'P',
      recipient: '+447400123456',
      message: 'a'.repeat(10),
      reference: 9,
    });
    expect(first).toHaveLength(1);
    server.state.dropOnSubmit = 1;
    const err = await g
      .submit({ id: 'm6', senderId: 'P', recipient: '+447400123456', message, reference: 9 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayUnavailableError);
    const accepted = (err as GatewayUnavailableError).accepted;
    await g.ready();
    const ids = await g.submit({
      id: 'm6',
      senderId: 'P',
      recipient: '+447400123456',
      message,
      reference: 9,
      acceptedParts: accepted,
    });
    expect(ids).toHaveLength(3);
    expect(ids.slice(0, accepted.length)).toEqual(accepted);
    // Every part reached the server exactly once.
    const parts = server.submitted.slice(before + 1);
    expect(parts.map((p) => p.udh?.[0]?.[4])).toEqual([1, 2, 3]);
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
