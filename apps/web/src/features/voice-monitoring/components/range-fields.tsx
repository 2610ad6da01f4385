import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Label } from '@/components/ui/input';
import type { Range } from '../api/monitoring';

/** Two day pickers (UTC days, both included); an emptied one falls back to the default. */
export function RangeFields({
  value,
  onChange,
}: {
  value: Range;
  onChange: (range: Range) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const set = (key: keyof Range, day: string) => onChange({ ...value, [key]: day || undefined });
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-from`}>{t('monitoring.from')}</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={value.from ?? ''}
          max={value.to}
          onChange={(e) => set('from', e.target.value)}
          className="w-40"
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-to`}>{t('monitoring.to')}</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={value.to ?? ''}
          min={value.from}
          onChange={(e) => set('to', e.target.value)}
          className="w-40"
        />
      </div>
    </div>
  );
}

/** A range both ends of which are set the right way round, or the default (none). */
export const validRange = (r: Range): Range =>
  r.from && r.to && r.from > r.to ? {} : { from: r.from, to: r.to };
