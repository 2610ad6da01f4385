import type { AdminSubscription } from '@parley/shared';
import { GRACE_EXTENSION_MAX_DAYS } from '@parley/shared';
import { type ComponentProps, type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { isolate } from '@/lib/bidi';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = '7';

/** Whole days from 1 to the most the server takes at once, or null. */
function daysOf(draft: string): number | null {
  if (!/^\d{1,3}$/.test(draft.trim())) return null;
  const days = Number(draft.trim());
  return days >= 1 && days <= GRACE_EXTENSION_MAX_DAYS ? days : null;
}

/** Where grace will end: the days count from its current end, or from now once that has passed. */
export function extendedGraceUntil(item: AdminSubscription, days: number, now = Date.now()): Date {
  const until = item.graceUntil ? Date.parse(item.graceUntil) : 0;
  return new Date(Math.max(until, now) + days * DAY_MS);
}

function ExtendGraceForm({
  item,
  busy,
  onCancel,
  onExtend,
}: {
  item: AdminSubscription;
  busy: boolean;
  onCancel: () => void;
  onExtend: (days: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(DEFAULT_DAYS);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (d: Date | string) => isolate(date.format(new Date(d)));
  const days = daysOf(draft);
  const limits = { min: 1, max: GRACE_EXTENSION_MAX_DAYS };
  const values = { item: isolate(item.name), customer: isolate(item.email) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (days === null) {
      setError(t('admin.subscriptions.extend.daysInvalid', limits));
      input.current?.focus();
      return;
    }
    onExtend(days);
  };

  return (
    <>
      <DialogTitle>{t('admin.subscriptions.extend.title')}</DialogTitle>
      <DialogDescription>
        {item.status === 'suspended'
          ? t('admin.subscriptions.extend.textSuspended', {
              ...values,
              date: when(item.suspendedAt ?? item.createdAt),
            })
          : t('admin.subscriptions.extend.textGrace', {
              ...values,
              date: when(item.graceUntil ?? item.createdAt),
            })}
      </DialogDescription>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField
          id="extend-grace-days"
          label={t('admin.subscriptions.extend.days')}
          description={t('admin.subscriptions.extend.daysHint', limits)}
          error={error}
          describedByAfter="extend-grace-until"
        >
          <Input
            ref={input}
            type="number"
            inputMode="numeric"
            dir="ltr"
            min={1}
            max={GRACE_EXTENSION_MAX_DAYS}
            step={1}
            className="w-32"
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
          />
        </FormField>
        <p id="extend-grace-until" aria-live="polite" className="text-sm font-medium">
          {days !== null &&
            t('admin.subscriptions.extend.newDate', {
              date: when(extendedGraceUntil(item, days)),
            })}
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {t('admin.subscriptions.extend.action')}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}

/**
 * Gives an item in grace or suspended more days: a number of days (7 unless changed),
 * checked here as the server checks it, and the date grace will then run until.
 */
export function ExtendGraceDialog({
  item,
  busy,
  onCancel,
  onExtend,
  onCloseAutoFocus,
}: {
  item: AdminSubscription | null;
  busy: boolean;
  onCancel: () => void;
  onExtend: (item: AdminSubscription, days: number) => void;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent closeLabel={t('common.close')} onCloseAutoFocus={onCloseAutoFocus}>
        {item && (
          <ExtendGraceForm
            key={item.id}
            item={item}
            busy={busy}
            onCancel={onCancel}
            onExtend={(days) => onExtend(item, days)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
