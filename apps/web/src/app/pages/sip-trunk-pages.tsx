import { ServicePackages } from '@/features/catalogue/components/service-packages';
import SipTrunkAdvancedPage from '@/features/catalogue/pages/sip-trunk-advanced-page';
import { YourTrunks } from '@/features/sip-trunk/components/your-trunks';
import SipTrunkPage from '@/features/sip-trunk/pages/sip-trunk-page';

// The two trunk pages load as one chunk: each is a trunk feature page with the catalogue's
// packages in it (features do not import each other, so app/ puts them together).

/** /services/sip-trunk: the customer's trunk, with the trunk plans and add-ons on sale. */
export function SipTrunkRoute() {
  return (
    <SipTrunkPage
      tiers={<ServicePackages service="sip-trunk" addons={false} />}
      addons={(trunkId) => (
        <ServicePackages
          service="sip-trunk"
          addons
          purchaseQuery={trunkId ? { trunk: trunkId } : undefined}
        />
      )}
    />
  );
}

/** /services/sip-trunk-advanced: its plans, and the customer's trunks with a way to them. */
export function SipTrunkAdvancedRoute() {
  return <SipTrunkAdvancedPage yourTrunks={<YourTrunks />} />;
}
