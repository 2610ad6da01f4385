import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md font-bold text-lg"
      aria-label={t('nav.homeLabel')}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>Parley</span>
    </Link>
  );
}
