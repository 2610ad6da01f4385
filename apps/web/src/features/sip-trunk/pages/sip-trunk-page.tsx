import type { Trunks } from '@parley/shared';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { QueryState } from '@/components/query-state';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Label, Select } from '@/components/ui/input';
import { useTrunks } from '../api/sip-trunk';
import { ConfigureTrunkForm } from '../components/configure-trunk-dialog';
import { NumberRouting } from '../components/number-routing';
import { TrunkCredentials } from '../components/trunk-credentials';
import { TrunkSummary } from '../components/trunk-summary';
import { TRUNK_TABS, type TrunkTab, TrunkTabs } from '../components/trunk-tabs';

/** Without a trunk: what one does for them, and the packages to buy one. */
function NoTrunk({ tiers }: { tiers: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="trunk-buy-title" className="space-y-4" data-testid="no-trunk">
      <h2 id="trunk-buy-title" className="text-2xl font-semibold">
        {t('sipTrunk.buy.title')}
      </h2>
      <p className="text-muted-foreground">{t('sipTrunk.buy.text')}</p>
      {tiers}
    </section>
  );
}

/** Which trunk the page shows, when the customer has several. */
function TrunkPicker({
  data,
  value,
  onChange,
}: {
  data: Trunks;
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (data.items.length < 2) return null;
  return (
    <div className="flex flex-col gap-1.5 sm:max-w-md">
      <Label htmlFor="trunk-picker">{t('sipTrunk.picker')}</Label>
      <Select id="trunk-picker" value={value} onChange={(e) => onChange(e.target.value)}>
        {data.items.map((x) => (
          <option key={x.id} value={x.id}>
            {`${x.name} (${x.username})`}
          </option>
        ))}
      </Select>
    </div>
  );
}

/**
 * /services/sip-trunk: the customer's trunk (state, credentials, Configure Service,
 * numbers, today's figures, PBX settings), or the packages to buy one. The packages on
 * sale (`tiers`, `addons`) come from the catalogue, composed by the route in app/.
 */
export default function SipTrunkPage({
  tiers,
  addons,
}: {
  tiers: ReactNode;
  /** The add-ons on sale, bought for the trunk shown (null: none yet). */
  addons: (trunkId: string | null) => ReactNode;
}) {
  const { t } = useTranslation();
  const trunks = useTrunks();
  const [params, setParams] = useSearchParams();
  const tab: TrunkTab = TRUNK_TABS.find((x) => x === params.get('tab')) ?? 'overview';
  const setTab = (next: TrunkTab) => setParams({ tab: next }, { replace: true });
  const [picked, setPicked] = useState<string | null>(null);
  const [configuring, setConfiguring] = useState(false);
  const buying = useRef(false);
  const addonsHeading = useRef<HTMLHeadingElement | null>(null);
  const data = trunks.data;
  const trunk = data?.items.find((x) => x.id === picked) ?? data?.items[0];

  const buyFailover = () => {
    buying.current = true;
    setConfiguring(false);
    setTab('addons');
  };

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <BackLink to="/dashboard">{t('voip.back')}</BackLink>
      <header>
        <h1 className="text-3xl font-bold">{t('sipTrunk.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('sipTrunk.subtitle')}</p>
        <Link to="/sip-services" className="mt-2 inline-block text-sm text-primary underline">
          {t('dashboard.allSip')}
        </Link>
      </header>

      <QueryState
        // A failed reload keeps what was shown (an open dialog must not unmount).
        query={{ ...trunks, isError: trunks.isError && data === undefined }}
        errorText={t('sipTrunk.loadFailed')}
      >
        {(loaded) =>
          !trunk ? (
            <NoTrunk tiers={tiers} />
          ) : (
            <div className="space-y-6">
              <TrunkPicker data={loaded} value={trunk.id} onChange={setPicked} />
              {/* Keyed: a password shown for one trunk is hidden again for the next. */}
              <TrunkSummary key={trunk.id} trunk={trunk} onConfigure={() => setConfiguring(true)}>
                <TrunkCredentials trunk={trunk} edge={loaded.edge} />
              </TrunkSummary>
              <NumberRouting data={loaded} />
            </div>
          )
        }
      </QueryState>

      <TrunkTabs
        tab={tab}
        onTab={setTab}
        trunk={trunk}
        edge={data?.edge}
        tiers={tiers}
        addons={addons(trunk?.id ?? null)}
        addonsHeading={addonsHeading}
      />

      <Dialog open={configuring} onOpenChange={setConfiguring}>
        <DialogContent
          closeLabel={t('common.close')}
          onCloseAutoFocus={(event) => {
            // Leaving to buy the failover add-on: focus goes to the add-ons on sale.
            if (!buying.current) return;
            buying.current = false;
            event.preventDefault();
            addonsHeading.current?.focus();
          }}
        >
          {trunk && data && (
            <ConfigureTrunkForm
              key={trunk.id}
              trunk={trunk}
              callerIds={data.callerIds}
              onDone={() => setConfiguring(false)}
              onBuyFailover={buyFailover}
            />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
