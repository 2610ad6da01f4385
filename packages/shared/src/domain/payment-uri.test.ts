import { describe, expect, it } from 'vitest';
import { paymentUri } from './payment-uri.js';

describe('paymentUri', () => {
  it('writes BIP21 for bitcoin and litecoin (the BIP21 example address and amount)', () => {
    expect(
      paymentUri({
        currency: 'BTC',
        network: 'bitcoin',
        address: '175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W',
        amount: '20.30000000',
      }),
    ).toBe('bitcoin:175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W?amount=20.3');
    expect(
      paymentUri({ currency: 'LTC', network: 'litecoin', address: 'LTCaddr', amount: '1.5' }),
    ).toBe('litecoin:LTCaddr?amount=1.5');
  });

  it('writes EIP-681 with the chain id and the value in wei for native coins', () => {
    const to = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    expect(
      paymentUri({ currency: 'ETH', network: 'ethereum', address: to, amount: '0.00157895' }),
    ).toBe(`ethereum:${to}@1?value=1578950000000000`);
    expect(paymentUri({ currency: 'BNB', network: 'bsc', address: to, amount: '2.014' })).toBe(
      `ethereum:${to}@56?value=2014000000000000000`,
    );
    expect(paymentUri({ currency: 'MATIC', network: 'polygon', address: to, amount: '10' })).toBe(
      `ethereum:${to}@137?value=10000000000000000000`,
    );
  });

  it('writes an EIP-681 token transfer for USDT and USDC on ethereum', () => {
    const to = '0x8e23Ee67d1332aD560396262C48ffbB01F93d052';
    expect(
      paymentUri({ currency: 'USDT', network: 'ethereum', address: to, amount: '126.58' }),
    ).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${to}&uint256=126580000`,
    );
    expect(paymentUri({ currency: 'USDC', network: 'ethereum', address: to, amount: '1' })).toBe(
      `ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=${to}&uint256=1000000`,
    );
  });

  it('writes the tron form, naming the TRC20 token for USDT', () => {
    const to = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
    expect(
      paymentUri({ currency: 'TRX', network: 'tron', address: to, amount: '400.000000' }),
    ).toBe(`tron:${to}?amount=400`);
    expect(paymentUri({ currency: 'USDT', network: 'tron', address: to, amount: '300' })).toBe(
      `tron:${to}?token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t&amount=300`,
    );
  });

  it('writes a Solana Pay transfer request', () => {
    expect(
      paymentUri({
        currency: 'SOL',
        network: 'solana',
        address: 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN',
        amount: '1.000000000',
      }),
    ).toBe('solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN?amount=1');
  });

  it('adds the quote’s reference and the label, URL-encoded (the Solana Pay spec’s example)', () => {
    // The spec's example: ?amount=1&label=Michael&message=… with this recipient and reference.
    expect(
      paymentUri({
        currency: 'SOL',
        network: 'solana',
        address: 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN',
        amount: '0.010000000',
        reference: '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny',
        label: 'Parley top-up',
      }),
    ).toBe(
      'solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN?amount=0.01&reference=82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny&label=Parley%20top-up',
    );
    // Other networks have no reference to carry.
    expect(
      paymentUri({
        currency: 'LTC',
        network: 'litecoin',
        address: 'L1',
        amount: '1',
        reference: 'x',
      }),
    ).toBe('litecoin:L1?amount=1');
  });
});
