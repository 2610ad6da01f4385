import { TOP_UP_SERVICE_NAME } from '@parley/shared/domain';

/** What the payment page is for. */
export interface SelectedPackage {
  kind: 'topup' | 'package';
  name: string;
  /** The phone number being bought, and its city when the link named one; the page words it. */
  number: { number: string; location: string | null } | null;
  /** The shown price, a decimal string, or null for a top-up of any amount. */
  price: string | null;
  /** The catalogue row, so the server can price it itself. */
  item: string | null;
  /** Pre-selected cryptocurrency, when the link named one. */
  currency: string | null;
}

const STORED_KEYS = [
  'selectedService',
  'selectedSIPService',
  'selectedDIDNumber',
  'selectedVoIPPackage',
] as const;

/** "£25.00" or "$1,200" or 99 → "25.00", "1200", "99"; null when it is not a price. */
export function cleanPrice(value: unknown): string | null {
  const text = String(value ?? '')
    .replace(/[£$,\s]/g, '')
    .trim();
  return /^\d{1,10}(\.\d{1,2})?$/.test(text) ? text : null;
}

function readStored(storage: Pick<Storage, 'getItem'>): SelectedPackage | null {
  for (const key of STORED_KEYS) {
    try {
      const value = JSON.parse(storage.getItem(key) ?? 'null') as {
        name?: unknown;
        price?: unknown;
        id?: unknown;
      } | null;
      if (value && typeof value.name === 'string' && value.name)
        return {
          kind: 'package',
          name: value.name,
          number: null,
          price: cleanPrice(value.price),
          item: typeof value.id === 'string' ? value.id : null,
          currency: null,
        };
    } catch {
      // A broken record is skipped, not fatal.
    }
  }
  return null;
}

/**
 * The package to pay for, first match wins: the query's
 * service and price; else its amount and currency (an Add Funds top-up); else the
 * selections other pages stored; else a plain top-up.
 */
export function selectedPackage(
  query: URLSearchParams,
  storage: Pick<Storage, 'getItem'>,
): SelectedPackage {
  const service = query.get('service');
  const price = cleanPrice(query.get('price'));
  const type = query.get('type');
  if (service && price && service !== 'balance') {
    const number = query.get('number');
    return {
      kind: 'package',
      name: [service.toUpperCase(), type].filter(Boolean).join(' '),
      number: number ? { number, location: query.get('location') || null } : null,
      price,
      item: query.get('item'),
      currency: null,
    };
  }
  const amount = cleanPrice(query.get('amount'));
  if (amount || service === 'balance')
    return {
      kind: 'topup',
      name: TOP_UP_SERVICE_NAME,
      number: null,
      price: amount,
      item: null,
      currency: query.get('currency') ?? 'BTC',
    };
  return (
    readStored(storage) ?? {
      kind: 'topup',
      name: TOP_UP_SERVICE_NAME,
      number: null,
      price: null,
      item: null,
      currency: null,
    }
  );
}
