import { CHAIN_ERROR_CODES, type ChainNetworkStatus } from '@parley/shared';
import { networkName } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { useChainStatus } from './chains-admin';

const KNOWN_ERRORS: ReadonlySet<string> = new Set(CHAIN_ERROR_CODES);

/** What each network's watcher sees: the node, the cursor, how far behind, the last error. */
export function ChainStatusTable() {
  const { t, i18n } = useTranslation();
  const status = useChainStatus();
  const number = new Intl.NumberFormat(i18n.language);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const figure = (n: number | null) => (n === null ? '—' : number.format(n));
  const when = (iso: string | null) => (iso ? date.format(new Date(iso)) : '—');
  const errorText = (code: string) =>
    KNOWN_ERRORS.has(code) ? t(`admin.chains.errors.${code}`) : code;
  const chainOf = (n: ChainNetworkStatus) =>
    n.chainId !== null
      ? t('admin.chains.chainId', { id: n.chainId })
      : n.chain
        ? t(`admin.chains.chains.${n.chain}`)
        : '—';
  const headers = [
    'network',
    'watched',
    'confirmations',
    'chain',
    'key',
    'handedOutColumn',
    'nodeHeight',
    'cursorHeight',
    'lag',
    'lastError',
    'checkedAt',
    'deposits',
  ].map((c) => t(`admin.chains.columns.${c}`));
  return (
    <section aria-labelledby="chain-status-title" className="space-y-3">
      <h3 id="chain-status-title" className="text-lg font-semibold">
        {t('admin.chains.statusTitle')}
      </h3>
      <QueryState query={status} errorText={t('admin.loadFailed')}>
        {(rows) => (
          <DataTable cards focusable caption={t('admin.chains.statusTitle')} headers={headers}>
            {rows.map((n) => (
              <tr key={n.network} className="border-t">
                <th scope="row" className="p-3 text-start font-medium">
                  {networkName(n.network)}
                </th>
                <td className="p-3">
                  {n.watched ? t('admin.chains.isWatched') : t('admin.chains.notWatched')}
                </td>
                <td className="p-3">{number.format(n.confirmations)}</td>
                <td className="p-3">{chainOf(n)}</td>
                <td className="p-3">
                  {n.family === null
                    ? t('admin.chains.noKeyFamily')
                    : n.keyActive
                      ? t('admin.chains.keyActive')
                      : t('admin.chains.keyMissing')}
                </td>
                <td className="p-3">{figure(n.handedOut)}</td>
                <td className="p-3">{figure(n.nodeHeight)}</td>
                <td className="p-3">{figure(n.cursorHeight)}</td>
                <td className="p-3">{figure(n.lag)}</td>
                <td className="p-3">
                  {n.lastError ? (
                    <span className="text-destructive">
                      {errorText(n.lastError)}{' '}
                      <span className="text-muted-foreground">({when(n.lastErrorAt)})</span>
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="p-3">{when(n.checkedAt)}</td>
                <td className="p-3">
                  {t('admin.chains.depositCounts', {
                    seen: number.format(n.deposits.seen),
                    credited: number.format(n.deposits.credited),
                    dropped: number.format(n.deposits.dropped),
                  })}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
    </section>
  );
}
