import type { Package } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { useHeldItems } from '../api/held-items';
import { PackageCard } from './package-card';
import { PurchaseLink } from './purchase-link';

/** Packages as cards, each with a Purchase link to the payment page. */
export function PackageGrid({
  packages,
  columns = 3,
  purchaseQuery,
}: {
  packages: readonly Package[];
  columns?: 2 | 3;
  /** Added to each Purchase link (the trunk an add-on is for). */
  purchaseQuery?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const held = useHeldItems();
  return (
    <ul className={`grid gap-6 ${columns === 2 ? 'md:grid-cols-2' : 'md:grid-cols-3'}`}>
      {packages.map((pkg) => (
        <li key={pkg.id}>
          <PackageCard
            pkg={pkg}
            held={held.get(pkg.id)}
            action={
              <PurchaseLink
                service={pkg.serviceSlug}
                type={pkg.name}
                price={pkg.price}
                item={pkg.id}
                about={pkg.name}
                extra={purchaseQuery}
              >
                {t('voip.purchase')}
              </PurchaseLink>
            }
          />
        </li>
      ))}
    </ul>
  );
}
