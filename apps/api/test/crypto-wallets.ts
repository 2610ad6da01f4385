import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { send } from './helpers.js';

/** A wallet an admin sets up for customers to pay: [currency, network, address]. */
export type WalletRow = readonly [currency: string, network: string, address: string];

/** Adds each wallet as the admin, the way a test's set-up does; each must be created. */
export async function addCryptoWallets(
  ctx: { app: FastifyInstance },
  adminCookie: string,
  wallets: readonly WalletRow[],
): Promise<void> {
  for (const [currency, network, address] of wallets)
    expect(
      (
        await send(ctx.app, 'POST', '/api/admin/crypto-wallets', adminCookie, {
          currency,
          network,
          address,
        })
      ).statusCode,
    ).toBe(201);
}
