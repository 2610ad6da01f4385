import type { KeyFamilyView } from '@parley/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdminErrorToast } from '@/lib/admin-errors';
import { showToast } from '@/lib/toast';
import { AddressList } from './address-list';
import { useWatchKeyMutations } from './chains-admin';
import { familyName, shortKey } from './family-name';

/** One key family: its active key (shortened until asked), the count handed out, remove. */
export function WatchKeyCard({
  view,
  onReplace,
}: {
  view: KeyFamilyView;
  /** Opens the form for this family. */
  onReplace: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { remove } = useWatchKeyMutations();
  const errorToast = useAdminErrorToast();
  const [full, setFull] = useState(false);
  const name = familyName(view.family);
  const key = view.key;
  const titleId = `watch-key-${view.family}-title`;
  const fullId = `watch-key-${view.family}-full`;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId}>{name}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {key ? (
          <>
            <p>
              {t('admin.chains.activeKey')}{' '}
              <code id={fullId} className="break-all font-mono text-xs" dir="ltr">
                {full ? key.extendedKey : shortKey(key.extendedKey)}
              </code>
            </p>
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-expanded={full}
              aria-controls={fullId}
              onClick={() => setFull((x) => !x)}
            >
              {full ? t('admin.chains.hideFullKey') : t('admin.chains.showFullKey')}
            </Button>
            <p>
              {t('admin.chains.columns.chain')}: {t(`admin.chains.chains.${key.chain}`)} ·{' '}
              <span dir="ltr">{key.version}</span>
            </p>
            <p className="font-semibold">{t('admin.chains.handedOut', { n: key.handedOut })}</p>
            <p className="text-muted-foreground">
              {key.addedBy
                ? t('admin.chains.addedBy', {
                    date: date.format(new Date(key.addedAt)),
                    email: key.addedBy.email,
                  })
                : t('admin.chains.added', { date: date.format(new Date(key.addedAt)) })}
            </p>
            <details>
              <summary className="cursor-pointer">{t('admin.chains.firstAddresses')}</summary>
              <div className="mt-2">
                <AddressList addresses={key.addresses} label={t('admin.chains.firstAddresses')} />
              </div>
            </details>
          </>
        ) : (
          <p className="text-muted-foreground">{t('admin.chains.noKey')}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={onReplace}>
            {key ? t('admin.chains.replaceKey') : t('admin.chains.addKey')}
          </Button>
          {key && (
            <ConfirmButton
              size="sm"
              variant="destructive"
              disabled={remove.isPending}
              title={t('admin.chains.removeTitle', { name })}
              description={t('admin.chains.removeText')}
              confirmLabel={t('admin.chains.remove')}
              onConfirm={() =>
                remove.mutate(view.family, {
                  onSuccess: () =>
                    showToast('success', t('common.success'), t('admin.chains.removed')),
                  onError: errorToast,
                })
              }
            >
              {t('admin.chains.remove')}
            </ConfirmButton>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
