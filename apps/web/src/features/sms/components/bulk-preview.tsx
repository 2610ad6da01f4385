import type { BulkPreview } from '@parley/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatMoney } from '@/lib/money';
import { reasonKey } from '../bulk-reasons';
import { countryName } from './quote-panel';

function InvalidRows({ rows }: { rows: BulkPreview['invalid'] }) {
  const { t, i18n } = useTranslation();
  const reasonOf = (text: string) => {
    const { key, values } = reasonKey(text);
    const country = values?.country;
    return t(key, country ? { ...values, country: countryName(country, i18n.language) } : values);
  };
  return (
    // Focusable so a keyboard can scroll it (axe: scrollable-region-focusable).
    <section
      aria-labelledby="sms-bulk-invalid"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe).
      tabIndex={0}
      className="max-h-60 overflow-auto rounded-lg border focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full text-sm">
        <caption id="sms-bulk-invalid" className="p-2 text-start font-medium text-destructive">
          {t('sms.bulk.invalidCount', { count: rows.length })}
        </caption>
        <thead className="sticky top-0 bg-muted">
          <tr>
            <th scope="col" className="p-2 text-start">
              {t('sms.bulk.line')}
            </th>
            <th scope="col" className="p-2 text-start">
              {t('sms.bulk.value')}
            </th>
            <th scope="col" className="p-2 text-start">
              {t('sms.bulk.reason')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.line} className="border-t">
              <td className="p-2 tabular-nums">{r.line}</td>
              <td className="break-all p-2" dir="ltr">
                {r.value}
              </td>
              <td className="p-2">{reasonOf(r.reason)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** What a bulk file would do: who gets the message, for how much, and which lines are skipped. */
export function BulkPreviewView(props: {
  preview: BulkPreview;
  sending: boolean;
  onSend: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const { preview } = props;
  const count = preview.valid.length;
  const total = formatMoney(preview.total, 'GBP', i18n.language, 4);
  return (
    <section aria-labelledby="sms-bulk-preview" className="space-y-3 rounded-lg border p-4">
      <h3 id="sms-bulk-preview" className="text-sm font-semibold">
        {t('sms.bulk.previewTitle')}
      </h3>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {[
          [t('sms.bulk.validCount'), String(count)],
          [t('sms.bulk.total'), total],
          [t('sms.quote.encoding'), preview.encoding],
          [t('sms.quote.segments'), String(preview.segments)],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold" dir="auto">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {preview.invalid.length > 0 && <InvalidRows rows={preview.invalid} />}
      <Button
        type="button"
        disabled={count === 0 || props.sending}
        onClick={() => setConfirming(true)}
      >
        {props.sending ? t('sms.form.sending') : t('sms.bulk.send', { count })}
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent closeLabel={t('common.close')}>
          <DialogTitle>{t('sms.bulk.confirmTitle', { count })}</DialogTitle>
          <DialogDescription>{t('sms.bulk.confirmText', { count, total })}</DialogDescription>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button
              onClick={() => {
                setConfirming(false);
                props.onSend();
              }}
            >
              {t('sms.bulk.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
