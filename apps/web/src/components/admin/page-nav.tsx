import { COUNT_CAP } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { Pager, pagesShown } from '@/components/pager';

/**
 * Previous and next around "Page 2 of 5", for the admin panel's paged lists; a screen
 * reader hears the new page. With `more`
 * the list holds more than its total could count (COUNT_CAP): "Page 2 of 50+", and next
 * stays open.
 */
export function PageNav({
  label,
  page,
  pages,
  more = false,
  onPage,
}: {
  /** The navigation landmark's name: which list it pages through. */
  label: string;
  page: number;
  pages: number;
  more?: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Pager
      label={label}
      status={t('admin.audit.pageOf', { page, pages: pagesShown(pages, page, more) })}
      previous={t('admin.audit.previous')}
      next={t('admin.audit.next')}
      hasPrevious={page > 1}
      hasNext={more || page < pages}
      onPrevious={() => onPage(page - 1)}
      onNext={() => onPage(page + 1)}
      live
    />
  );
}

/** A list's total as its count line shows it: "1000+" past what it could count. */
export const listTotal = (total: number): string =>
  total > COUNT_CAP ? `${COUNT_CAP}+` : String(total);
