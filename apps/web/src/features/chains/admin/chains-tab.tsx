import type { KeyFamily } from '@parley/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { ChainStatusTable } from './chain-status-table';
import { useWatchKeys } from './chains-admin';
import { DepositsTable } from './deposits-table';
import { WatchKeyCard } from './watch-key-card';
import { WatchKeyForm } from './watch-key-form';

/**
 * On-chain payments for admins: a watch-only key per family (quotes on its networks get
 * an address of their own), the form to add one, and what the watchers see.
 */
export function ChainsTab() {
  const { t } = useTranslation();
  const keys = useWatchKeys();
  const [family, setFamily] = useState<KeyFamily>('bitcoin');
  const keyRef = useRef<HTMLTextAreaElement>(null);
  return (
    <section aria-labelledby="chains-title" className="space-y-6">
      <div className="space-y-1">
        <h2 id="chains-title" className="text-xl font-semibold">
          {t('admin.chains.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('admin.chains.intro')}</p>
      </div>
      <QueryState query={keys} errorText={t('admin.loadFailed')}>
        {(views) => (
          <div className="grid gap-4 md:grid-cols-2">
            {views.map((view) => (
              <WatchKeyCard
                key={view.family}
                view={view}
                onReplace={() => {
                  setFamily(view.family);
                  keyRef.current?.focus();
                }}
              />
            ))}
          </div>
        )}
      </QueryState>
      <WatchKeyForm family={family} onFamily={setFamily} keyRef={keyRef} />
      <ChainStatusTable />
      <DepositsTable />
    </section>
  );
}
