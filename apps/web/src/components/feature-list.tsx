import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Icon, title and text blurbs; each item's words are `${prefix}.${key}.title` and
 * `${prefix}.${key}.text` in the locales.
 */
export function FeatureList({
  prefix,
  items,
}: {
  prefix: string;
  items: readonly { key: string; icon: LucideIcon }[];
}) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {items.map(({ key, icon: Icon }) => (
        <li key={key} className="flex items-start gap-3 rounded-lg border p-4">
          <Icon aria-hidden="true" className="size-6 shrink-0 text-primary" />
          <div>
            <h3 className="font-semibold">{t(`${prefix}.${key}.title`)}</h3>
            <p className="text-sm text-muted-foreground">{t(`${prefix}.${key}.text`)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
