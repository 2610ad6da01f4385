import { WEBHOOK_ENDPOINTS_MAX } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import type { EndpointRow } from './webhooks.repo.js';
import { createWebhooksService } from './webhooks.service.js';

const at = new Date('2026-11-29T12:00:00Z');
const row = (over: Partial<EndpointRow> = {}): EndpointRow => ({
  id: 'e1',
  userId: 'u1',
  url: 'https://hooks.example.com/x',
  events: ['sms.delivered'],
  secret: 'sealed:old',
  previousSecret: null,
  previousUntil: null,
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: at,
  updatedAt: at,
  ...over,
});

/** A fake repo keeping what the service asked of it. */
function fakes(count = 0) {
  const calls: { rotate?: unknown[]; created?: { secret: string } } = {};
  const repo = {
    list: async () => [row()],
    count: async () => count,
    create: async (_u: string, input: { url: string; events: string[]; secret: string }) => {
      calls.created = input;
      return row({ ...input });
    },
    update: async () => row(),
    rotate: async (...args: unknown[]) => {
      calls.rotate = args;
      return row({ secret: String(args[2]) });
    },
    find: async (_u: string, id: string) => (id === 'e1' ? row() : null),
    remove: async () => true,
    deliveries: async () => null,
    enqueueTest: async () => 'disabled' as const,
    redeliver: async () => null,
  };
  const box = { seal: (s: string) => `sealed:${s}`, open: (s: string) => s.slice(7) };
  const service = createWebhooksService({ repo, box, allowedHosts: [], now: () => at });
  return { service, calls };
}

const by = { id: 'u1', ip: '203.0.113.9' };

describe('webhooks service', () => {
  it('seals the secret it shows once', async () => {
    const { service, calls } = fakes();
    const made = await service.create(
      'u1',
      { url: 'https://hooks.example.com/x', events: ['sms.failed'] },
      by,
    );
    expect(made.secret).toMatch(/^whsec_/);
    expect(calls.created?.secret).toBe(`sealed:${made.secret}`);
  });

  it('refuses a URL the operator does not allow, and more than the maximum', async () => {
    await expect(
      fakes().service.create(
        'u1',
        { url: 'http://hooks.example.com/x', events: ['sms.failed'] },
        by,
      ),
    ).rejects.toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED' });
    await expect(
      fakes(WEBHOOK_ENDPOINTS_MAX).service.create(
        'u1',
        { url: 'https://a.example/x', events: ['sms.failed'] },
        by,
      ),
    ).rejects.toMatchObject({ code: 'WEBHOOK_ENDPOINT_LIMIT' });
    await expect(
      fakes().service.update('u1', 'e1', { url: 'https://192.168.0.1/' }, by),
    ).rejects.toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
    });
  });

  it('keeps the old secret signing for a day after a rotation', async () => {
    const { service, calls } = fakes();
    const rotated = await service.rotateSecret('u1', 'e1', by);
    const [, , sealed, previous, until] = calls.rotate ?? [];
    expect(sealed).toBe(`sealed:${rotated.secret}`);
    expect(previous).toBe('sealed:old');
    expect(until).toEqual(new Date(at.getTime() + 86_400_000));
    await expect(service.rotateSecret('u1', 'nope', by)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('answers 404 and 409 for a test or redelivery it cannot send', async () => {
    const { service } = fakes();
    await expect(service.test('u1', 'e1')).rejects.toMatchObject({
      code: 'WEBHOOK_ENDPOINT_DISABLED',
    });
    await expect(service.redeliver('u1', 'e1', 'd1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(service.deliveries('u1', 'e1', 1, 20)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
