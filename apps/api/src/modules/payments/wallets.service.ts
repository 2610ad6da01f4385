import { type CryptoWallet, type CryptoWalletInput, CURRENCY_NETWORKS } from '@parley/shared';
import { isValidAddress, normalizeAddress } from '@parley/shared/chains';
import { AppError } from '../../lib/app-error.js';
import type { AuditBy } from '../../lib/audit-by.js';
import type { WalletsRepo } from './wallets.repo.js';

type Row = Awaited<ReturnType<WalletsRepo['list']>>[number];

const toWallet = (r: Row): CryptoWallet => ({
  id: r.id,
  currency: r.currency,
  network: r.network,
  address: r.address,
  walletType: r.walletType,
  description: r.description,
  isActive: r.isActive,
  createdAt: r.createdAt.toISOString(),
});

/** The admin's crypto wallets; every address is checked against its chain's format. */
export function createWalletsService(deps: { repo: WalletsRepo }) {
  const { repo } = deps;
  return {
    async list(): Promise<CryptoWallet[]> {
      return (await repo.list()).map(toWallet);
    },

    async create(input: CryptoWalletInput, by: AuditBy): Promise<CryptoWallet> {
      if (!CURRENCY_NETWORKS[input.currency].includes(input.network))
        throw new AppError(
          'VALIDATION_FAILED',
          `${input.currency} is not paid on ${input.network}.`,
          [
            {
              path: 'body.network',
              code: 'NETWORK_MISMATCH',
              params: { currency: input.currency, network: input.network },
              message: `${input.currency} is not paid on ${input.network}`,
            },
          ],
        );
      if (!isValidAddress(input.network, input.address))
        throw new AppError('INVALID_ADDRESS', `This is not a valid ${input.network} address.`, [
          {
            path: 'body.address',
            code: 'ADDRESS_INVALID',
            params: { network: input.network },
            message: `Not a valid ${input.network} address`,
          },
        ]);
      const address = normalizeAddress(input.network, input.address);
      const row = await repo.create({ ...input, address }, by);
      if (row === 'duplicate') throw new AppError('CONFLICT', 'This wallet already exists.');
      return toWallet(row);
    },

    async setActive(id: string, isActive: boolean, by: AuditBy): Promise<CryptoWallet> {
      const row = await repo.setActive(id, isActive, new Date(), by);
      if (!row) throw new AppError('NOT_FOUND', 'No such wallet.');
      return toWallet(row);
    },
  };
}
export type WalletsService = ReturnType<typeof createWalletsService>;
