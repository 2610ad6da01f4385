import { Activity, ChevronRight, KeySquare, Waypoints, Workflow } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { formatMoney } from '@/lib/money';

/** The add-ons on the calling screen, priced in US dollars per month. */
export const SIP_ADDONS = [
  { key: 'ivr', price: '100.00', icon: Workflow },
  { key: 'pbx', price: '150.00', icon: Waypoints },
] as const;

export const addonLink = (key: string, price: string) =>
  `/payment?service=sip&addon=${key}&price=${price}`;

export function AddonCards() {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="sip-addons-title" className="space-y-3">
      <h2 id="sip-addons-title" className="text-lg font-semibold">
        {t('voice.addons.title')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {SIP_ADDONS.map(({ key, price, icon: Icon }) => (
          <li key={key} className="flex flex-col gap-3 rounded-lg border bg-card p-5 shadow-sm">
            <div className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-5 text-primary" />
              <h3 className="font-semibold">{t(`voice.addons.${key}.title`)}</h3>
            </div>
            <p className="flex-1 text-sm text-muted-foreground">{t(`voice.addons.${key}.text`)}</p>
            <p className="text-xl font-bold">
              {t('voice.addons.perMonth', { price: formatMoney(price, 'USD', i18n.language) })}
            </p>
            <Link
              to={addonLink(key, price)}
              className={buttonVariants({
                variant: 'outline',
                size: 'sm',
                className: 'self-start',
              })}
            >
              {t(`voice.addons.${key}.buy`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const TILES = [
  { key: 'credentials', to: '/sip-credentials', icon: KeySquare },
  { key: 'monitoring', to: '/sip-monitoring', icon: Activity },
] as const;

/** Tiles to the SIP credentials and monitoring pages. */
export function SipTiles() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('voice.tiles.label')}>
      <ul className="grid gap-4 sm:grid-cols-2">
        {TILES.map(({ key, to, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex h-full items-start gap-3 rounded-lg border bg-card p-5 shadow-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{t(`voice.tiles.${key}.title`)}</span>
                <span className="block text-sm text-muted-foreground">
                  {t(`voice.tiles.${key}.text`)}
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 rtl:rotate-180" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
