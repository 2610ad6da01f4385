import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';

/** Previous and next under a paged list of the relay area; nothing when one page holds all. */
export function ListPager(props: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { label, page, pageSize, total, onPage } = props;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) return null;
  return (
    <Pager
      label={label}
      status={t('mail.pageOf', { page, pages })}
      previous={t('mail.previous')}
      next={t('mail.next')}
      hasPrevious={page > 1}
      hasNext={page < pages}
      onPrevious={() => onPage(page - 1)}
      onNext={() => onPage(page + 1)}
      live
    />
  );
}
