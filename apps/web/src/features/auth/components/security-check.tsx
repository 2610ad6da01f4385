import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/input';

/** The "Verify security check" box both forms carry; the submit buttons wait for it. */
export function SecurityCheck({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-3 rounded-md border bg-muted/50 p-3">
      <Checkbox id={id} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id} className="text-sm">
        {t('auth.securityCheck')}
      </label>
    </div>
  );
}
