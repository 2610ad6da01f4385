import type { AlertSettings } from '@parley/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Checkbox, Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { type CodedProblem, fieldText } from '@/lib/field-errors';
import { showToast } from '@/lib/toast';
import { useSaveAlertSettings } from '../api/monitoring';

type Draft = {
  minBalance: string;
  runwayHours: string;
  failurePercent: string;
  failureWindow: string;
  notifyCutoffs: boolean;
  notifyConcurrency: boolean;
};
type NumberField = 'minBalance' | 'runwayHours' | 'failurePercent' | 'failureWindow';
const FIELDS: NumberField[] = ['minBalance', 'runwayHours', 'failurePercent', 'failureWindow'];
/** The contract's bounds, checked here first so a mistake is told before sending. */
const BOUNDS = {
  runwayHours: [1, 720],
  failurePercent: [1, 100],
  failureWindow: [5, 500],
} as const;

const draftOf = (s: AlertSettings): Draft => ({
  minBalance: s.minBalance ?? '',
  runwayHours: s.runwayHours === null ? '' : String(s.runwayHours),
  failurePercent: s.failurePercent === null ? '' : String(s.failurePercent),
  failureWindow: String(s.failureWindow),
  notifyCutoffs: s.notifyCutoffs,
  notifyConcurrency: s.notifyConcurrency,
});

function check(d: Draft): Partial<Record<NumberField, CodedProblem>> {
  const problems: Partial<Record<NumberField, CodedProblem>> = {};
  if (d.minBalance.trim() && !/^\d{1,7}(\.\d{1,2})?$/.test(d.minBalance.trim()))
    problems.minBalance = { code: 'INVALID_FORMAT' };
  for (const key of ['runwayHours', 'failurePercent', 'failureWindow'] as const) {
    const text = d[key].trim();
    if (!text && key !== 'failureWindow') continue;
    const [min, max] = BOUNDS[key];
    const n = Number(text);
    if (!text || !Number.isInteger(n)) problems[key] = { code: 'INVALID_TYPE' };
    else if (n < min) problems[key] = { code: 'TOO_SMALL', params: { minimum: min } };
    else if (n > max) problems[key] = { code: 'TOO_BIG', params: { maximum: max } };
  }
  return problems;
}

const intOrNull = (text: string) => (text.trim() ? Number(text.trim()) : null);

/** The thresholds: an emptied number switches its alert off. */
export function AlertSettingsForm({ settings }: { settings: AlertSettings }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [problems, setProblems] = useState<Partial<Record<NumberField, CodedProblem>>>({});
  const save = useSaveAlertSettings();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check(draft);
    setProblems(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) return document.getElementById(`alert-${first}`)?.focus();
    save.mutate(
      {
        minBalance: draft.minBalance.trim() || null,
        runwayHours: intOrNull(draft.runwayHours),
        failurePercent: intOrNull(draft.failurePercent),
        failureWindow: Number(draft.failureWindow),
        notifyCutoffs: draft.notifyCutoffs,
        notifyConcurrency: draft.notifyConcurrency,
      },
      {
        onSuccess: () => showToast('success', t('common.success'), t('monitoring.alerts.saved')),
        onError: (err) => {
          if (err instanceof ApiError) setProblems(err.fields as typeof problems);
          showToast('error', t('common.error'), t('monitoring.alerts.saveFailed'));
        },
      },
    );
  };

  const numberField = (key: NumberField, hint: string, inputMode: 'decimal' | 'numeric') => (
    <FormField
      id={`alert-${key}`}
      label={t(`monitoring.alerts.${key}`)}
      description={hint}
      error={fieldText(t, problems[key])}
    >
      <Input
        inputMode={inputMode}
        value={draft[key]}
        onChange={(e) => set({ [key]: e.target.value })}
        className="w-40"
      />
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-lg border p-4">
      <h3 className="text-lg font-semibold">{t('monitoring.alerts.settingsTitle')}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {numberField('minBalance', t('monitoring.alerts.minBalanceHint'), 'decimal')}
        {numberField('runwayHours', t('monitoring.alerts.runwayHoursHint'), 'numeric')}
        {numberField('failurePercent', t('monitoring.alerts.failurePercentHint'), 'numeric')}
        {numberField('failureWindow', t('monitoring.alerts.failureWindowHint'), 'numeric')}
      </div>
      {(['notifyCutoffs', 'notifyConcurrency'] as const).map((key) => (
        <div key={key} className="flex items-start gap-2">
          <Checkbox
            id={`alert-${key}`}
            checked={draft[key]}
            onChange={(e) => set({ [key]: e.target.checked })}
            className="mt-0.5"
          />
          <Label htmlFor={`alert-${key}`} className="leading-snug">
            {t(`monitoring.alerts.${key}`)}
          </Label>
        </div>
      ))}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('common.saving') : t('monitoring.alerts.save')}
      </Button>
    </form>
  );
}
