import type { DashboardPreferences, DashboardPreferencesInput } from '@parley/shared';
import { DASHBOARD_TIMEFRAMES, type DashboardTimeframe } from '@parley/shared/domain';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Checkbox, Label, Select } from '@/components/ui/input';
import { showToast } from '@/lib/toast';
import { useSavePreferences } from '../api/dashboard-preferences';
import { SectionCard } from './section-card';

const TOGGLES = [
  'showSpending',
  'showProjections',
  'showServiceBreakdown',
  'showTransactionTrends',
] as const;

/** The timeframe and which optional cards show; each change is saved at once. */
export function WidgetSettings({
  preferences,
  loading,
}: {
  preferences: DashboardPreferences;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const save = useSavePreferences();
  // What was just chosen shows under the click; the saved settings take over as soon as
  // they change (the optimistic update, the server's answer, or a rollback).
  const [chosen, setChosen] = useState<DashboardPreferencesInput>({});
  // (Kept as is when already empty: the loading defaults are a new object each render.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the saved settings change
  useEffect(() => setChosen((c) => (Object.keys(c).length ? {} : c)), [preferences]);
  const shown = { ...preferences, ...chosen };
  const change = (changes: DashboardPreferencesInput) => {
    setChosen((c) => ({ ...c, ...changes }));
    save.mutate(changes, {
      onError: () => showToast('error', t('common.error'), t('dashboard.settings.saveFailed')),
    });
  };

  return (
    <SectionCard
      id="dashboard-settings"
      title={t('dashboard.settings.title')}
      icon={SlidersHorizontal}
    >
      <p className="mb-4 text-sm text-muted-foreground">{t('dashboard.settings.description')}</p>
      <div className="grid gap-6 md:grid-cols-[minmax(0,16rem)_1fr] md:items-start">
        <FormField
          id="dashboard-timeframe"
          label={t('dashboard.settings.timeframe')}
          className="flex flex-col gap-1.5"
        >
          <Select
            value={shown.timeframe}
            disabled={loading}
            onChange={(e) => change({ timeframe: e.target.value as DashboardTimeframe })}
          >
            {DASHBOARD_TIMEFRAMES.map((days) => (
              <option key={days} value={days}>
                {t(`dashboard.timeframes.${days}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">{t('dashboard.settings.cards')}</legend>
          {TOGGLES.map((key) => (
            <div key={key} className="flex items-center gap-2">
              <Checkbox
                id={`dashboard-${key}`}
                checked={shown[key]}
                disabled={loading}
                onChange={(e) => change({ [key]: e.target.checked })}
              />
              <Label htmlFor={`dashboard-${key}`} className="font-normal">
                {t(`dashboard.settings.${key}`)}
              </Label>
            </div>
          ))}
        </fieldset>
      </div>
    </SectionCard>
  );
}
