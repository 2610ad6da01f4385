import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { StatusBadge } from '@/components/status-badge';
import { isolate } from '@/lib/bidi';
import { TRUNK_TONES } from '../components/trunk-summary';
import { acdText, asrText } from '../trunk-figures';
import { useAdminSipTrunks } from './sip-trunks-admin';

const COLUMNS = ['customer', 'trunk', 'status', 'auth', 'channels', 'calls', 'asr', 'acd'];

/** Every customer's SIP trunks: state, channels in use of the limit and today's figures. */
export function SipTrunksTab() {
  const { t, i18n } = useTranslation();
  const trunks = useAdminSipTrunks();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-labelledby="admin-sip-trunks-title" className="space-y-4">
      <h2 id="admin-sip-trunks-title" className="text-xl font-semibold">
        {t('sipTrunk.admin.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('sipTrunk.admin.description')}</p>
      <QueryState
        query={trunks}
        errorText={t('admin.loadFailed')}
        empty={t('sipTrunk.admin.empty')}
        isEmpty={(data) => data.items.length === 0}
      >
        {(data) => (
          <DataTable
            cards
            caption={t('sipTrunk.admin.title')}
            headers={COLUMNS.map((c) => t(`sipTrunk.admin.columns.${c}`))}
          >
            {data.items.map((x) => (
              <tr key={x.id} className="border-t align-top">
                <td className="p-3 break-all">{x.email}</td>
                <td className="p-3">
                  <span className="block">{isolate(x.name)}</span>
                  <code dir="ltr" className="text-xs text-muted-foreground">
                    {x.username}
                  </code>
                </td>
                <td className="p-3">
                  <StatusBadge status={x.status} tones={TRUNK_TONES}>
                    {t(`sipTrunk.status.${x.status}`)}
                  </StatusBadge>
                </td>
                <td className="p-3">
                  {t(`sipTrunk.auth.${x.authMethod}`)}
                  {x.authMethod === 'ip' && (
                    <span className="block text-xs text-muted-foreground">
                      {t('sipTrunk.admin.addresses', { count: x.addresses })}
                    </span>
                  )}
                </td>
                <td className="p-3 tabular-nums">
                  {t('sipTrunk.stats.ofLimit', {
                    now: number.format(x.stats.channelsInUse),
                    max: number.format(x.channels),
                  })}
                </td>
                <td className="p-3 tabular-nums">{number.format(x.stats.callsToday)}</td>
                <td className="p-3 tabular-nums">{asrText(x.stats.asr, i18n.language)}</td>
                <td className="p-3 tabular-nums">{acdText(x.stats.acdSeconds)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
    </section>
  );
}
