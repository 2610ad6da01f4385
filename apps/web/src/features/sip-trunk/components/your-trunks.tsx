import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/status-badge';
import { isolate } from '@/lib/bidi';
import { useTrunks } from '../api/sip-trunk';
import { TRUNK_TONES } from './trunk-summary';

/**
 * The customer's trunks in short, for other trunk pages (the advanced trunk's): each with
 * its state and username, and the way to the page where they are set up.
 */
export function YourTrunks() {
  const { t } = useTranslation();
  const trunks = useTrunks();
  const items = trunks.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="your-trunks-title"
      className="space-y-3 rounded-lg border bg-card p-4 shadow-sm sm:p-6"
    >
      <h2 id="your-trunks-title" className="text-xl font-semibold">
        {t('sipTrunk.yours.title')}
      </h2>
      <ul className="divide-y">
        {items.map((x) => (
          <li key={x.id} className="flex flex-wrap items-center gap-2 py-2">
            <span className="min-w-0 break-words font-medium">{isolate(x.name)}</span>
            <code dir="ltr" className="text-sm">
              {x.username}
            </code>
            <StatusBadge status={x.status} tones={TRUNK_TONES}>
              {t(`sipTrunk.status.${x.status}`)}
            </StatusBadge>
          </li>
        ))}
      </ul>
      <Link
        to="/services/sip-trunk"
        className="inline-block text-sm font-medium text-primary underline"
      >
        {t('sipTrunk.yours.manage')}
      </Link>
    </section>
  );
}
