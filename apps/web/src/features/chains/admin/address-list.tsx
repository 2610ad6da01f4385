import type { DerivedAddress } from '@parley/shared';
import { useTranslation } from 'react-i18next';

/** Receive addresses with their derivation paths, as a wallet lists them (always LTR). */
export function AddressList({ addresses, label }: { addresses: DerivedAddress[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ol aria-label={label} className="space-y-1 text-xs">
      {addresses.map((a) => (
        <li key={a.index} className="rounded border px-2 py-1">
          <span className="sr-only">{t('admin.chains.path')} </span>
          <span className="block font-mono text-muted-foreground" dir="ltr">
            {a.path}
          </span>
          <span className="sr-only">{t('admin.chains.address')} </span>
          <span className="block break-all font-mono" dir="ltr">
            {a.address}
          </span>
        </li>
      ))}
    </ol>
  );
}
