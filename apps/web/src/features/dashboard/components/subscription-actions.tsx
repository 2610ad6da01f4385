import type { Subscription } from '@parley/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useFormErrorMessage } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { isolate } from '@/lib/bidi';
import { showToast } from '@/lib/toast';
import { useReactivate, useSetAutoRenew } from '../api/subscriptions';
import { useFormat } from '../use-format';

type Action = 'cancel' | 'resume' | 'reactivate' | 'end';

/** What an item offers: stop or resume renewal; pay and reactivate, or end, when unpaid. */
const actionsOf = (s: Subscription): Action[] => {
  if (s.status === 'active') return [s.autoRenew ? 'cancel' : 'resume'];
  if (s.status === 'grace' || s.status === 'suspended') return ['reactivate', 'end'];
  return [];
};

/**
 * The buttons of one monthly item, each confirmed first: the dialog says what happens
 * to the item and the money (reactivation names the amount charged).
 */
export function SubscriptionActions({ item }: { item: Subscription }) {
  const { t } = useTranslation();
  const { money, date } = useFormat();
  const [asking, setAsking] = useState<Action | null>(null);
  const setAutoRenew = useSetAutoRenew();
  const reactivate = useReactivate();
  const messageOf = useFormErrorMessage();
  const busy = setAutoRenew.isPending || reactivate.isPending;
  const values = {
    item: isolate(item.name),
    amount: money(item.amount),
    date: item.renewsAt ? date(item.renewsAt) : '',
  };
  const done = (key: string) => {
    setAsking(null);
    showToast('success', t('common.success'), t(key, values));
  };
  const failed = (err: unknown) => {
    setAsking(null);
    const fallback = t('dashboard.subscriptions.failed');
    showToast('error', t('common.error'), messageOf(err, fallback, fallback));
  };
  const confirm = () => {
    if (asking === 'reactivate')
      reactivate.mutate(item.id, {
        onSuccess: () => done('dashboard.subscriptions.reactivated'),
        onError: failed,
      });
    else
      setAutoRenew.mutate(
        { id: item.id, autoRenew: asking === 'resume' },
        {
          onSuccess: () =>
            done(
              asking === 'resume'
                ? 'dashboard.subscriptions.resumed'
                : asking === 'end'
                  ? 'dashboard.subscriptions.ended'
                  : 'dashboard.subscriptions.cancelled',
            ),
          onError: failed,
        },
      );
  };
  const actions = actionsOf(item);
  if (actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'reactivate' || action === 'resume' ? 'default' : 'outline'}
          onClick={() => setAsking(action)}
        >
          {t(`dashboard.subscriptions.${action}`, values)}
        </Button>
      ))}
      <ConfirmDialog
        open={asking !== null}
        onCancel={() => setAsking(null)}
        title={asking ? t(`dashboard.subscriptions.${asking}Title`, values) : ''}
        description={asking ? t(`dashboard.subscriptions.${asking}Text`, values) : ''}
        confirm={asking ? t(`dashboard.subscriptions.${asking}`, values) : ''}
        variant={asking === 'cancel' || asking === 'end' ? 'destructive' : 'default'}
        busy={busy}
        onConfirm={confirm}
      />
    </div>
  );
}
