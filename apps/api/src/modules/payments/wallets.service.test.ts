import { describe, expect, it } from 'vitest';
import type { WalletsRepo } from './wallets.repo.js';
import { createWalletsService } from './wallets.service.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const by = { actorId: 'a1', ip: null };

/** The service on a fake repo; `created` keeps what it was asked to write. */
function setUp(answer: 'duplicate' | 'row' = 'row') {
  const created: { address: string }[] = [];
  const repo = {
    list: async () => [],
    create: async (w: { address: string; currency: string; network: string }) => {
      created.push(w);
      if (answer === 'duplicate') return 'duplicate';
      return {
        ...w,
        id: 'w1',
        walletType: 'hot',
        description: null,
        isActive: true,
        createdAt: NOW,
      };
    },
    setActive: async () => undefined,
  } as unknown as WalletsRepo;
  return { service: createWalletsService({ repo }), created };
}

const input = (over: object = {}) =>
  ({
    currency: 'ETH',
    network: 'ethereum',
    address: ADDRESS,
    walletType: 'hot',
    description: null,
    ...over,
  }) as never;

describe("the admin's wallets", () => {
  it('stores an address in its chain’s normal form', async () => {
    const { service, created } = setUp();
    await service.create(input({ address: ADDRESS.toLowerCase() }), by);
    expect(created.map((w) => w.address)).toEqual([ADDRESS]);
  });

  it('refuses a currency on a network it is not paid on, and a malformed address', async () => {
    const { service, created } = setUp();
    await expect(service.create(input({ network: 'bitcoin' }), by)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ code: 'NETWORK_MISMATCH' }],
    });
    await expect(service.create(input({ address: '0x1234' }), by)).rejects.toMatchObject({
      code: 'INVALID_ADDRESS',
    });
    expect(created).toEqual([]);
  });

  it('answers CONFLICT for a wallet that exists and NOT_FOUND for an unknown one', async () => {
    const { service } = setUp('duplicate');
    await expect(service.create(input(), by)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(service.setActive('nope', false, by)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
