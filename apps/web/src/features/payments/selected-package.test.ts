import { describe, expect, it } from 'vitest';
import { cleanPrice, selectedPackage } from './selected-package';

const storage = (items: Record<string, unknown>) => ({
  getItem: (key: string) => (key in items ? JSON.stringify(items[key]) : null),
});
const q = (s: string) => new URLSearchParams(s);

describe('selectedPackage', () => {
  it('reads service and price first, naming a number and its city', () => {
    expect(
      selectedPackage(
        q('service=did&type=local&number=%2B12125550100&price=7.50&location=New+York'),
        storage({}),
      ),
    ).toEqual({
      kind: 'package',
      name: 'DID local',
      number: { number: '+12125550100', location: 'New York' },
      price: '7.50',
      item: null,
      currency: null,
    });
    expect(
      selectedPackage(q('service=sip-trunk&type=Trunk+Starter&price=25.00&item=abc'), storage({})),
    ).toMatchObject({ name: 'SIP-TRUNK Trunk Starter', item: 'abc', number: null });
    expect(
      selectedPackage(q('service=did&type=local&number=%2B442071234567&price=5.00'), storage({})),
    ).toMatchObject({ number: { number: '+442071234567', location: null } });
  });

  it('then an amount and currency as a top-up, BTC by default', () => {
    expect(selectedPackage(q('amount=150&currency=ETH'), storage({}))).toMatchObject({
      kind: 'topup',
      name: 'Add Funds',
      price: '150',
      currency: 'ETH',
    });
    expect(
      selectedPackage(q('service=balance&type=Add+Funds&amount=100'), storage({})),
    ).toMatchObject({
      kind: 'topup',
      currency: 'BTC',
    });
  });

  it('then what another page stored, skipping broken records', () => {
    const stored = storage({
      selectedService: 'not json',
      selectedVoIPPackage: { type: 'voip-package', name: 'VoIP Starter Plan', price: 99, id: 'p1' },
    });
    const broken = {
      getItem: (k: string) => (k === 'selectedService' ? '{oops' : stored.getItem(k)),
    };
    expect(selectedPackage(q(''), broken)).toMatchObject({
      kind: 'package',
      name: 'VoIP Starter Plan',
      price: '99',
      item: 'p1',
    });
  });

  it('else a plain top-up', () => {
    expect(selectedPackage(q('price=abc'), storage({}))).toMatchObject({
      kind: 'topup',
      price: null,
    });
  });
});

describe('cleanPrice', () => {
  it.each([
    ['£25.00', '25.00'],
    ['$1,200', '1200'],
    [99, '99'],
    ['-5', null],
    ['1.999', null],
    [undefined, null],
  ])('%s → %s', (input, output) => expect(cleanPrice(input)).toBe(output));
});
