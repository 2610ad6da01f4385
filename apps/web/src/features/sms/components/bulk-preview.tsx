import type { BulkPreview } from '@parley/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StickyHead } from '@/components/sticky-head';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { guardrailReason, isGuardrailCode } from '@/lib/guardrail-text';
import { formatMoney } from '@/lib/money';
import { reasonOf } from '../bulk-reasons';
import { countryName } from '../country';

function InvalidRows({ rows }: { rows: BulkPreview['invalid'] }) {
  const { t, i18n } = useTranslation();
  const reasonText = (line: BulkPreview['invalid'][number]) => {
    if (isGuardrailCode(line.code))
      return guardrailReason(t, line.code, line.params, i18n.language);
    const reason = reasonOf(line);
    const country = reason.values.country;
    return t(
      reason.key,
      country
        ? { ...reason.values, country: countryName(String(country), i18n.language) }
        : reason.values,
    );
  };
  return (
    // Focusable so a keyboard can scroll it (axe: scrollable-region-focusable).
    <section
      aria-labelledby="sms-bulk-invalid"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe).
      tabIndex={0}
      className="relative max-h-60 overflow-auto rounded-lg border focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full text-sm">
        <caption id="sms-bulk-invalid" className="p-2 text-start font-medium text-destructive">
          {t('sms.bulk.invalidCount', { count: rows.length })}
        </caption>
        <StickyHead labels={[t('sms.bulk.line'), t('sms.bulk.value'), t('sms.bulk.reason')]} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.line} className="border-t">
              <td className="p-2 tabular-nums">{r.line}</td>
              <td className="break-all p-2" dir="ltr">
                {r.value}
              </td>
              <td className="p-2" dir="auto">
                {reasonText(r)}
              </td>
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
  // The dialog has no trigger of its own, so focus is placed by hand when it closes:
  // back on the Send button after a cancel; after a confirmation that button is disabled
  // while sending, so on this preview's heading until the progress takes it.
  const confirmed = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { preview } = props;
  const count = preview.valid.length;
  const total = formatMoney(preview.total, 'GBP', i18n.language, 4);
  return (
    <section aria-labelledby="sms-bulk-preview" className="space-y-3 rounded-lg border p-4">
      <h3
        ref={heading}
        id="sms-bulk-preview"
        tabIndex={-1}
        className="text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring"
      >
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
      {preview.sender && (
        <p className="text-sm" data-testid="bulk-sender">
          {t('sms.senders.sentAs', { sender: preview.sender.used })}{' '}
          <span className="text-muted-foreground">
            {t(`sms.senders.why.${preview.sender.status}`, { sender: preview.sender.requested })}
          </span>
        </p>
      )}
      {preview.invalid.length > 0 && <InvalidRows rows={preview.invalid} />}
      <Button
        ref={trigger}
        type="button"
        disabled={count === 0 || props.sending}
        onClick={() => {
          confirmed.current = false;
          setConfirming(true);
        }}
      >
        {props.sending ? t('sms.form.sending') : t('sms.bulk.send', { count })}
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          closeLabel={t('common.close')}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            (confirmed.current ? heading : trigger).current?.focus();
          }}
        >
          <DialogTitle>{t('sms.bulk.confirmTitle', { count })}</DialogTitle>
          <DialogDescription>{t('sms.bulk.confirmText', { count, total })}</DialogDescription>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button
              onClick={() => {
                confirmed.current = true;
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
