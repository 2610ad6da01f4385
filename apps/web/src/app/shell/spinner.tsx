import { useTranslation } from 'react-i18next';

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    // A screen tall: the footer stays below the fold until the page arrives, instead of
    // showing and then jumping down (a layout shift).
    <div className="flex min-h-svh items-center justify-center" role="status" aria-live="polite">
      <span className="size-10 animate-spin rounded-full border-4 border-primary border-t-transparent" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
