import { KEY_FAMILIES, type KeyFamily, type WatchKeyPreview } from '@parley/shared';
import { type FormEvent, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { useAdminErrorToast } from '@/lib/admin-errors';
import { ApiError } from '@/lib/api-client';
import { fieldText } from '@/lib/field-errors';
import { showToast } from '@/lib/toast';
import { AddressList } from './address-list';
import { usePreviewWatchKey, useWatchKeyMutations } from './chains-admin';
import { familyName } from './family-name';

/** The text and family a preview was shown for: saving needs the same two. */
type Shown = { family: KeyFamily; key: string; preview: WatchKeyPreview };

/**
 * Add or replace a family's key: the admin first sees the key's first addresses (to
 * compare with their wallet), and can save only the text those addresses came from.
 */
export function WatchKeyForm({
  family,
  onFamily,
  keyRef,
}: {
  family: KeyFamily;
  onFamily: (family: KeyFamily) => void;
  /** The key's field, which a card's "Add key" focuses. */
  keyRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation();
  const preview = usePreviewWatchKey();
  const { set } = useWatchKeyMutations();
  const errorToast = useAdminErrorToast();
  const [key, setKey] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState<string | undefined>();
  const current = shown && shown.family === family && shown.key === key ? shown : null;

  const refused = (err: unknown) => {
    const issue = err instanceof ApiError ? err.fields.key : undefined;
    if (issue) {
      setError(fieldText(t, issue));
      keyRef.current?.focus();
    } else errorToast(err);
  };

  const show = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setShown(null);
    const text = key;
    preview.mutate(
      { family, key: text },
      { onSuccess: (result) => setShown({ family, key: text, preview: result }), onError: refused },
    );
  };

  const save = () => {
    if (!current) return;
    set.mutate(
      { family, key: current.key },
      {
        onSuccess: () => {
          showToast('success', t('common.success'), t('admin.chains.saved'));
          setKey('');
          setShown(null);
        },
        onError: refused,
      },
    );
  };

  return (
    <section aria-labelledby="watch-key-form-title" className="space-y-4 rounded-lg border p-4">
      <h3 id="watch-key-form-title" className="text-lg font-semibold">
        {t('admin.chains.formTitle')}
      </h3>
      <form onSubmit={show} className="space-y-4" noValidate>
        <FormField id="watch-key-family" label={t('admin.chains.family')}>
          <Select
            value={family}
            onChange={(e) => {
              onFamily(e.target.value as KeyFamily);
              setError(undefined);
            }}
          >
            {KEY_FAMILIES.map((f) => (
              <option key={f} value={f}>
                {familyName(f)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          id="watch-key-text"
          label={t('admin.chains.keyLabel')}
          description={t('admin.chains.keyHint')}
          error={error}
        >
          <textarea
            ref={keyRef}
            value={key}
            dir="ltr"
            rows={3}
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="off"
            onChange={(e) => {
              setKey(e.target.value);
              setError(undefined);
            }}
            className="flex w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive"
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="outline" disabled={preview.isPending || !key.trim()}>
            {t('admin.chains.showAddresses')}
          </Button>
          <Button type="button" disabled={!current || set.isPending} onClick={save}>
            {t('admin.chains.saveKey')}
          </Button>
        </div>
        {!current && <p className="text-xs text-muted-foreground">{t('admin.chains.saveHint')}</p>}
      </form>
      {current && (
        <div className="space-y-2" aria-live="polite">
          <p className="text-sm">
            {t('admin.chains.compare', {
              version: current.preview.version,
              name: familyName(current.family),
            })}
          </p>
          <AddressList
            addresses={current.preview.addresses}
            label={t('admin.chains.previewAddresses')}
          />
        </div>
      )}
    </section>
  );
}
