import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input, Label, Select } from '@/components/ui/input';
import { type CustomerFilter, NO_FILTER } from '../customer-filter';
import { CUSTOMER_STATUSES, type CustomerStatus, PRIORITIES, type Priority } from '../sample-data';

/** Search, status and priority: the list follows as the reader types or picks. */
export function CustomerFilters({
  value,
  onChange,
}: {
  value: CustomerFilter;
  onChange: (filter: CustomerFilter) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <form
      aria-label={t('callCentre.crm.filters.label')}
      onSubmit={(e) => e.preventDefault()}
      className="flex flex-wrap items-end gap-3 rounded-lg border p-4"
    >
      <div className="grid w-full gap-1 sm:w-72">
        <Label htmlFor={`${id}-search`}>{t('callCentre.crm.filters.search')}</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={value.search}
          maxLength={100}
          aria-describedby={`${id}-search-hint`}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
        />
        <p id={`${id}-search-hint`} className="text-xs text-muted-foreground">
          {t('callCentre.crm.filters.searchHint')}
        </p>
      </div>
      <div className="grid gap-1 self-start">
        <Label htmlFor={`${id}-status`}>{t('callCentre.crm.fields.status')}</Label>
        <Select
          id={`${id}-status`}
          value={value.status}
          onChange={(e) => onChange({ ...value, status: e.target.value as CustomerStatus | '' })}
          className="w-44"
        >
          <option value="">{t('callCentre.crm.filters.allStatuses')}</option>
          {CUSTOMER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`callCentre.customerStatus.${s}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1 self-start">
        <Label htmlFor={`${id}-priority`}>{t('callCentre.crm.fields.priority')}</Label>
        <Select
          id={`${id}-priority`}
          value={value.priority}
          onChange={(e) => onChange({ ...value, priority: e.target.value as Priority | '' })}
          className="w-44"
        >
          <option value="">{t('callCentre.crm.filters.allPriorities')}</option>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(`callCentre.priority.${p}`)}
            </option>
          ))}
        </Select>
      </div>
      <Button
        type="button"
        variant="outline"
        className="self-start sm:mt-5"
        onClick={() => onChange(NO_FILTER)}
      >
        {t('callCentre.crm.filters.clear')}
      </Button>
    </form>
  );
}
