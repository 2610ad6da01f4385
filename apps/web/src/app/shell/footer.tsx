import { Mail, MessageCircle, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getPublicConfig } from '@/lib/public-config';
import { LOGIN_URL } from '@/lib/routes';
import { FOOTER_LINKS } from './nav-items';
import { payableCurrencies, usePayableCoins } from './payable-coins';

const linkClass = 'text-sm text-slate-300 hover:text-white underline-offset-4 hover:underline';

export function Footer({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const config = getPublicConfig();
  const channels = [
    { url: config.telegramUrl, label: t('help.telegram'), icon: Send },
    { url: config.whatsappUrl, label: t('help.whatsapp'), icon: MessageCircle },
  ].filter((c): c is typeof c & { url: string } => Boolean(c.url));
  return (
    <footer className="mt-16 bg-slate-900 text-slate-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">Parley</p>
          <p className="mt-2 text-sm text-slate-300">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.linksTitle')}>
          <h2 className="font-semibold">{t('footer.linksTitle')}</h2>
          <ul className="mt-3 space-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.key}>
                {signedIn ? (
                  <Link to={link.to} className={linkClass}>
                    {t(`footer.links.${link.key}`)}
                  </Link>
                ) : (
                  <a href={LOGIN_URL} className={linkClass}>
                    {t(`footer.links.${link.key}`)}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold">{t('footer.contactTitle')}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a
                href={`mailto:${config.supportEmail}`}
                className={`${linkClass} inline-flex items-center gap-2`}
              >
                <Mail aria-hidden="true" className="size-4" />
                {config.supportEmail}
              </a>
            </li>
            {channels.map(({ url, label, icon: Icon }) => (
              <li key={label}>
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${linkClass} inline-flex items-center gap-2`}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <AcceptedCoins />
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </div>
    </footer>
  );
}

/** Only the coins a customer can pay in now (the server decides); none yet is said so. */
function AcceptedCoins() {
  const { t } = useTranslation();
  const { data } = usePayableCoins();
  const coins = data ? payableCurrencies(data) : null;
  return (
    <div>
      <h2 className="font-semibold">{t('footer.cryptoTitle')}</h2>
      {coins?.length === 0 ? (
        <p className="mt-3 text-sm text-slate-300">{t('footer.cryptoNone')}</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('footer.cryptoTitle')}>
          {(coins ?? []).map((c) => (
            <li
              key={c}
              className="rounded-md bg-slate-800 px-2 py-1 font-mono text-xs text-slate-100"
            >
              {c}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
