import { CalendarClock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, Select } from '@/components/ui/input';
import { useFormat } from '../format';
import {
  DIAL_RATIOS,
  type DialRatio,
  MAX_LINES,
  type MaxLines,
  RECORDING_RETENTION_DAYS,
} from '../sample-floor';

export type DialerSettingsValue = { ratio: DialRatio; lines: MaxLines };

/** Dial ratio and maximum lines, and the recordings' retention (a fixed rule). */
export function DialerSettings({
  value,
  onChange,
}: {
  value: DialerSettingsValue;
  onChange: (value: DialerSettingsValue) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-lg border p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('callCentre.dialer.settings.title')}
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-ratio`}>{t('callCentre.dialer.settings.ratio')}</Label>
          <Select
            id={`${id}-ratio`}
            value={value.ratio}
            aria-describedby={`${id}-ratio-hint`}
            onChange={(e) => onChange({ ...value, ratio: e.target.value as DialRatio })}
          >
            {DIAL_RATIOS.map((r) => (
              <option key={r} value={r}>
                {format.ratio(r)}
              </option>
            ))}
          </Select>
          <p id={`${id}-ratio-hint`} className="text-xs text-muted-foreground">
            {t('callCentre.dialer.settings.ratioHint')}
          </p>
        </div>
        <div className="grid gap-1 self-start">
          <Label htmlFor={`${id}-lines`}>{t('callCentre.dialer.settings.lines')}</Label>
          <Select
            id={`${id}-lines`}
            value={String(value.lines)}
            onChange={(e) => onChange({ ...value, lines: Number(e.target.value) as MaxLines })}
          >
            {MAX_LINES.map((n) => (
              <option key={n} value={n}>
                {format.count(n)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <p
        data-testid="recordings-note"
        className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm"
      >
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('callCentre.dialer.settings.recordings', {
          days: format.count(RECORDING_RETENTION_DAYS),
        })}
      </p>
    </section>
  );
}
