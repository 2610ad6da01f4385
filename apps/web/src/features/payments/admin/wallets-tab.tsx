import {
  CRYPTO_CURRENCIES,
  type CryptoCurrency,
  CURRENCY_NETWORKS,
  networkName,
  WALLET_TYPES,
} from '@parley/shared/domain';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/admin/active-badge';
import { type FieldSpec, ResourceForm } from '@/components/admin/resource-form';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { useAdminErrorToast, useAdminFormErrors } from '@/lib/admin-errors';
import { showToast } from '@/lib/toast';
import { useAdminWallets, useWalletMutations } from './payments-admin';

/** Where customers pay: add a wallet (checked against its chain), switch one off or on. */
export function WalletsTab() {
  const { t } = useTranslation();
  const wallets = useAdminWallets();
  const { create, toggle } = useWalletMutations();
  const errorToast = useAdminErrorToast();
  const [adding, setAdding] = useState(false);
  const form = useAdminFormErrors();
  const fields: FieldSpec[] = [
    {
      name: 'currency',
      label: t('admin.wallets.currency'),
      kind: 'select',
      options: CRYPTO_CURRENCIES.map((c) => ({ value: c, label: c })),
    },
    {
      name: 'network',
      label: t('admin.wallets.network'),
      kind: 'select',
      // Only the chains that carry the chosen currency (USDT: Tron or Ethereum).
      options: (values) =>
        (CURRENCY_NETWORKS[values.currency as CryptoCurrency] ?? []).map((n) => ({
          value: n,
          label: networkName(n),
        })),
    },
    {
      name: 'address',
      label: t('admin.wallets.address'),
      kind: 'text',
      ltr: true,
      required: t('admin.wallets.addressRequired'),
    },
    {
      name: 'walletType',
      label: t('admin.wallets.type'),
      kind: 'select',
      options: WALLET_TYPES.map((w) => ({ value: w, label: t(`admin.wallets.types.${w}`) })),
    },
    { name: 'description', label: t('admin.fields.description'), kind: 'textarea' },
  ];
  const submit = (body: Record<string, unknown>) => {
    form.clear();
    create.mutate(
      { ...body, isActive: true },
      {
        onSuccess: () => {
          setAdding(false);
          showToast('success', t('common.success'), t('admin.form.saved'));
        },
        onError: form.onError,
      },
    );
  };
  return (
    <section aria-labelledby="wallets-title" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="wallets-title" className="me-auto text-xl font-semibold">
          {t('admin.wallets.title')}
        </h2>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          {t('admin.wallets.add')}
        </Button>
      </div>
      <QueryState
        query={wallets}
        errorText={t('admin.loadFailed')}
        empty={t('admin.wallets.empty')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <DataTable
            cards
            caption={t('admin.wallets.title')}
            headers={[
              ...['currency', 'network', 'address', 'type'].map((c) => t(`admin.wallets.${c}`)),
              t('admin.fields.status'),
              { label: t('admin.actions'), end: true },
            ]}
          >
            {rows.map((w) => (
              <tr key={w.id} className="border-t">
                <td className="p-3">{w.currency}</td>
                <td className="p-3">{networkName(w.network)}</td>
                <td className="break-all p-3 font-mono text-xs" dir="ltr">
                  {w.address}
                </td>
                <td className="p-3">{t(`admin.wallets.types.${w.walletType}`)}</td>
                <td className="p-3">
                  <ActiveBadge active={w.isActive} />
                </td>
                <td className="p-3 text-end">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={toggle.isPending}
                    onClick={() =>
                      toggle.mutate({ id: w.id, isActive: !w.isActive }, { onError: errorToast })
                    }
                  >
                    {w.isActive ? t('admin.wallets.deactivate') : t('admin.wallets.activate')}
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent closeLabel={t('common.close')} width="wide">
          <DialogTitle>{t('admin.wallets.add')}</DialogTitle>
          {adding && (
            <ResourceForm
              fields={fields}
              initial={{
                currency: 'BTC',
                network: 'bitcoin',
                address: '',
                walletType: 'system',
                description: '',
              }}
              serverErrors={form.serverErrors}
              rejections={form.rejections}
              onEdit={form.clearField}
              pending={create.isPending}
              submitLabel={t('admin.form.save')}
              onSubmit={submit}
              onCancel={() => setAdding(false)}
            />
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}
