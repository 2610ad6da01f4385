import type { Trunk, Trunks } from '@parley/shared';
import { Activity, Globe, Lock, Shuffle } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeatureList } from '@/components/feature-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PbxExamples } from './pbx-examples';
import { TrunkStats } from './trunk-stats';

export const TRUNK_TABS = ['overview', 'technical', 'monitoring', 'addons', 'pricing'] as const;
export type TrunkTab = (typeof TRUNK_TABS)[number];

const FEATURES = [
  { key: 'capacity', icon: Activity },
  { key: 'security', icon: Lock },
  { key: 'failover', icon: Shuffle },
  { key: 'coverage', icon: Globe },
] as const;
const TECHNICAL = ['transport', 'codecs', 'dtmf', 'fax'] as const;

/** Where a PBX connects (the edge's real name and ports), then what the trunk carries. */
function Technical({ edge }: { edge: Trunks['edge'] | undefined }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [];
  if (edge)
    rows.push(
      [
        t('sipTrunk.technical.server.label'),
        <code key="domain" dir="ltr">
          {edge.domain}
        </code>,
      ],
      [t('sipTrunk.technical.ports.label'), t('sipTrunk.technical.ports.value', edge)],
    );
  for (const key of TECHNICAL)
    rows.push([t(`sipTrunk.technical.${key}.label`), t(`sipTrunk.technical.${key}.value`)]);
  return (
    <dl className="divide-y rounded-lg border">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-1 p-4 sm:grid-cols-3">
          <dt className="font-medium">{term}</dt>
          <dd className="break-words text-muted-foreground sm:col-span-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The add-ons this trunk has, before the ones on sale. */
function Attached({ trunk }: { trunk: Trunk }) {
  const { t } = useTranslation();
  const held = (['failover', 'analytics'] as const).filter((a) => trunk[a]);
  return (
    <p className="rounded-md border bg-muted/50 p-3 text-sm" data-testid="trunk-addons">
      {held.length === 0
        ? t('sipTrunk.addons.none', { trunk: trunk.name })
        : t('sipTrunk.addons.attached', {
            trunk: trunk.name,
            list: held.map((a) => t(`sipTrunk.summary.addon.${a}`)).join(', '),
          })}
    </p>
  );
}

/**
 * The spec's five tabs. With a trunk, technical shows its PBX's settings, monitoring its
 * figures and add-ons what it has; the packages on sale come from the catalogue.
 */
export function TrunkTabs({
  tab,
  onTab,
  trunk,
  edge,
  tiers,
  addons,
  addonsHeading,
}: {
  tab: TrunkTab;
  onTab: (tab: TrunkTab) => void;
  trunk: Trunk | undefined;
  edge: Trunks['edge'] | undefined;
  tiers: ReactNode;
  addons: ReactNode;
  addonsHeading: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => onTab(TRUNK_TABS.find((x) => x === value) ?? 'overview')}
    >
      <TabsList className="h-auto flex-wrap">
        {TRUNK_TABS.map((x) => (
          <TabsTrigger key={x} value={x}>
            {t(`sipTrunk.tabs.${x}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="overview">
        <FeatureList prefix="sipTrunk.features" items={FEATURES} />
      </TabsContent>
      <TabsContent value="technical" className="space-y-6">
        <Technical edge={edge} />
        {trunk && edge ? (
          <PbxExamples trunk={trunk} edge={edge} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('sipTrunk.peer.needTrunk')}</p>
        )}
      </TabsContent>
      <TabsContent value="monitoring">
        {trunk ? (
          <TrunkStats trunk={trunk} />
        ) : (
          <div className="rounded-lg border p-8 text-center">
            <Activity aria-hidden="true" className="mx-auto size-8 text-muted-foreground" />
            <h3 className="mt-3 font-semibold">{t('sipTrunk.monitoring.emptyTitle')}</h3>
            <p className="mt-1 text-sm text-muted-foreground">
              {t('sipTrunk.monitoring.emptyText')}
            </p>
          </div>
        )}
      </TabsContent>
      <TabsContent value="addons" className="space-y-4">
        <h3 ref={addonsHeading} tabIndex={-1} className="text-lg font-semibold">
          {t('sipTrunk.addons.title')}
        </h3>
        {trunk && <Attached trunk={trunk} />}
        <p className="text-muted-foreground">{t('sipTrunk.addonsIntro')}</p>
        {addons}
      </TabsContent>
      <TabsContent value="pricing" className="space-y-4">
        <p className="text-muted-foreground">
          {t('sipTrunk.pricingIntro')}{' '}
          <Link to="/prices-coverage" className="text-primary underline">
            {t('sipTrunk.perCountry')}
          </Link>
        </p>
        {tiers}
      </TabsContent>
    </Tabs>
  );
}
