import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';

/** Previous and next around "Page 2 of 5", for the admin panel's paged lists. */
export function PageNav({
  label,
  page,
  pages,
  onPage,
}: {
  /** The navigation landmark's name: which list it pages through. */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Pager
      label={label}
      status={t('admin.audit.pageOf', { page, pages })}
      previous={t('admin.audit.previous')}
      next={t('admin.audit.next')}
      hasPrevious={page > 1}
      hasNext={page < pages}
      onPrevious={() => onPage(page - 1)}
      onNext={() => onPage(page + 1)}
    />
  );
}
