import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFormat } from '../format';
import type { Campaign } from '../sample-floor';
import { CampaignStatusBadge } from './badges';
import { Table } from './table';

/** The dialer's campaigns with their progress; each can be paused or resumed. */
export function CampaignsTable({
  campaigns,
  onToggle,
}: {
  campaigns: Campaign[];
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section aria-labelledby="campaigns-title" className="space-y-3">
      <h2 id="campaigns-title" className="text-xl font-semibold">
        {t('callCentre.dialer.campaigns.title')}
      </h2>
      <Table
        caption={t('callCentre.dialer.campaigns.title')}
        columns={[
          { label: t('callCentre.dialer.campaigns.name') },
          { label: t('callCentre.dialer.campaigns.status') },
          { label: t('callCentre.dialer.campaigns.progress') },
          { label: t('callCentre.dialer.campaigns.connected'), end: true },
          { label: t('callCentre.dialer.campaigns.sales'), end: true },
          { label: t('callCentre.dialer.campaigns.actions'), end: true },
        ]}
      >
        {campaigns.map((c) => {
          const name = t(`callCentre.sample.campaigns.${c.name}`);
          return (
            <tr key={c.id} className="border-t" data-testid="campaign">
              <th scope="row" className="min-w-40 p-3 text-start font-medium">
                {name}
              </th>
              <td className="p-3">
                <CampaignStatusBadge status={c.status} />
              </td>
              <td className="min-w-44 p-3">
                <progress
                  value={c.dialled}
                  max={c.leads}
                  aria-label={name}
                  className="block h-2 w-full accent-primary"
                />
                <span className="text-xs text-muted-foreground">
                  {t('callCentre.dialer.campaigns.dialled', {
                    done: format.count(c.dialled),
                    total: format.count(c.leads),
                  })}
                </span>
              </td>
              <td className="p-3 text-end tabular-nums">{format.count(c.connected)}</td>
              <td className="p-3 text-end tabular-nums">{format.count(c.sales)}</td>
              <td className="p-3 text-end">
                <Button type="button" size="sm" variant="outline" onClick={() => onToggle(c.id)}>
                  {c.status === 'active'
                    ? t('callCentre.dialer.campaigns.pause')
                    : t('callCentre.dialer.campaigns.resume')}
                  <span className="sr-only"> {name}</span>
                </Button>
              </td>
            </tr>
          );
        })}
      </Table>
    </section>
  );
}
