import type { CryptoCurrency, Network } from './crypto.js';
import { toUnits, trimDecimal } from './money.js';

/** EVM chain ids (EIP-155) of the chains we take payments on. */
export const EVM_CHAIN_IDS = { ethereum: 1, bsc: 56, polygon: 137 } as const;

/** Token contracts, by chain, with the token's decimals on that chain. */
export const TOKEN_CONTRACTS: Partial<
  Record<CryptoCurrency, Partial<Record<Network, { contract: string; decimals: number }>>>
> = {
  USDT: {
    ethereum: { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
    tron: { contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6 },
  },
  USDC: {
    ethereum: { contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
  },
};

/** Native coins of the EVM chains have 18 decimals. */
const EVM_NATIVE_DECIMALS = 18;

/**
 * A Solana Pay transfer request (https://docs.solanapay.com/spec): the recipient, the
 * amount in SOL, then the reference key and the label, each URL-encoded.
 */
function solanaPayUri(
  recipient: string,
  amount: string,
  reference: string | null,
  label: string | undefined,
): string {
  let uri = `solana:${recipient}?amount=${amount}`;
  if (reference) uri += `&reference=${encodeURIComponent(reference)}`;
  if (label) uri += `&label=${encodeURIComponent(label)}`;
  return uri;
}

/**
 * The standard payment URI a wallet app understands, carrying the exact crypto amount:
 * BIP21 for bitcoin and litecoin, EIP-681 for ethereum, BNB Smart Chain and Polygon
 * (with `/transfer` for tokens), the tron: form and Solana Pay.
 */
export function paymentUri(payment: {
  currency: CryptoCurrency;
  network: Network;
  address: string;
  amount: string;
  /** Solana Pay: the quote's reference key and the payee's name shown by the wallet. */
  reference?: string | null;
  label?: string;
}): string {
  const { currency, network, address } = payment;
  const amount = trimDecimal(payment.amount);
  const token = TOKEN_CONTRACTS[currency]?.[network];
  switch (network) {
    case 'bitcoin':
    case 'litecoin':
      return `${network}:${address}?amount=${amount}`;
    case 'ethereum':
    case 'bsc':
    case 'polygon': {
      const chain = EVM_CHAIN_IDS[network];
      if (token) {
        const units = toUnits(amount, token.decimals);
        return `ethereum:${token.contract}@${chain}/transfer?address=${address}&uint256=${units}`;
      }
      return `ethereum:${address}@${chain}?value=${toUnits(amount, EVM_NATIVE_DECIMALS)}`;
    }
    case 'tron':
      return token
        ? `tron:${address}?token=${token.contract}&amount=${amount}`
        : `tron:${address}?amount=${amount}`;
    case 'solana':
      return solanaPayUri(address, amount, payment.reference ?? null, payment.label);
  }
}
