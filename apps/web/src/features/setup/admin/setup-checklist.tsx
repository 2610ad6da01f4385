import type { SetupChecklist as Checklist } from '@parley/shared';
import { CheckCircle2, CircleAlert, CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSetupChecklist } from './setup';

type Item = { key: string; done: boolean; title: string; text: string; fix?: ReactNode };

const linkClass = 'font-medium text-primary underline underline-offset-4';

function useItems(list: Checklist): Item[] {
  const { t } = useTranslation();
  const payable = list.wallets.coins.filter((c) => c.payable).map((c) => c.currency);
  const withWallet = list.wallets.coins.filter((c) => c.wallet).map((c) => c.currency);
  const fix = (to: string, label: string) => (
    <Link to={to} className={linkClass}>
      {label}
    </Link>
  );
  return [
    {
      key: 'wallets',
      done: list.wallets.done,
      title: t('setupChecklist.wallets'),
      // Wallets without a fresh rate take no payment either: say which is missing.
      text: payable.length
        ? t('setupChecklist.walletsPayable', { list: payable.join(', ') })
        : withWallet.length
          ? t('setupChecklist.walletsNoRate', { list: withWallet.join(', ') })
          : t('setupChecklist.walletsNone'),
      fix: fix('/admin?tab=wallets', t('setupChecklist.walletsFix')),
    },
    {
      key: 'rates',
      done: list.rates.done,
      title: t('setupChecklist.rates'),
      text: list.rates.done
        ? t('setupChecklist.ratesFresh')
        : t('setupChecklist.ratesStale', { list: list.rates.stale.join(', ') || '—' }),
      fix: fix('/admin?tab=rates', t('setupChecklist.ratesFix')),
    },
    {
      key: 'sms',
      done: list.sms.done,
      title: t('setupChecklist.sms'),
      text: list.sms.done ? t('setupChecklist.smsReal') : t('setupChecklist.smsSandbox'),
      fix: (
        <a href="#sms-status" className={linkClass}>
          {t('setupChecklist.seeStatus')}
        </a>
      ),
    },
    {
      key: 'voice',
      done: list.voice.done,
      title: t('setupChecklist.voice'),
      text: list.voice.done ? t('setupChecklist.voiceReal') : t('setupChecklist.voiceSandbox'),
      fix: (
        <a href="#voice-status" className={linkClass}>
          {t('setupChecklist.seeStatus')}
        </a>
      ),
    },
    {
      key: 'mail',
      done: list.mail.done,
      title: t('setupChecklist.mail'),
      text: list.mail.done ? t('setupChecklist.mailDone') : t('setupChecklist.mailTodo'),
    },
    {
      key: 'secondFactor',
      done: list.secondFactor.done,
      title: t('setupChecklist.secondFactor'),
      text: list.secondFactor.done
        ? t('setupChecklist.secondFactorDone')
        : t('setupChecklist.secondFactorTodo', { number: list.secondFactor.adminsWithout }),
      fix: fix('/admin/login', t('setupChecklist.secondFactorFix')),
    },
  ];
}

/** Says at once when the rate feed's last read found no source answering. */
function FeedAlert({ feed }: { feed: Checklist['rates']['feed'] }) {
  const { t, i18n } = useTranslation();
  if (!feed.enabled || !feed.lastRunAt || feed.answered.length > 0) return null;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div
      role="alert"
      data-testid="rate-feed-alert"
      className="flex items-start gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950"
    >
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="space-y-1">
        <p className="font-semibold">{t('setupChecklist.feedDown')}</p>
        <p>{t('setupChecklist.feedDownText', { sources: feed.sources.join(', ') })}</p>
        <p>
          {feed.lastAnsweredAt
            ? t('setupChecklist.feedLastAnswer', {
                time: time.format(new Date(feed.lastAnsweredAt)),
              })
            : t('setupChecklist.feedNever')}
        </p>
      </div>
    </div>
  );
}

function ChecklistCard({ list }: { list: Checklist }) {
  const { t } = useTranslation();
  const items = useItems(list);
  const done = items.filter((i) => i.done).length;
  return (
    <section
      aria-labelledby="setup-checklist-title"
      data-testid="setup-checklist"
      className="space-y-3 rounded-md border p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-checklist-title" className="text-xl font-semibold">
          {t('setupChecklist.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('setupChecklist.progress', { done, total: items.length })}
        </p>
      </div>
      <p className="text-sm text-muted-foreground">{t('setupChecklist.intro')}</p>
      <ul className="space-y-3">
        {items.map((item) => {
          const Icon = item.done ? CheckCircle2 : CircleAlert;
          return (
            <li key={item.key} data-testid={`setup-${item.key}`} className="flex gap-3">
              <Icon
                aria-hidden="true"
                className={`mt-0.5 size-5 shrink-0 ${item.done ? 'text-green-700' : 'text-amber-700'}`}
              />
              <div className="min-w-0 space-y-1 text-sm">
                <p className="font-medium">
                  {item.title}{' '}
                  <span className="font-normal text-muted-foreground">
                    ({item.done ? t('setupChecklist.done') : t('setupChecklist.todo')})
                  </span>
                </p>
                <p className="break-words">{item.text}</p>
                {!item.done && item.fix ? <p>{item.fix}</p> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The admin landing's set-up notices: the rate feed's outage as soon as it is known, and
 * the checklist of what a fresh install still needs, until every item is done.
 */
export function SetupNotices() {
  const { data } = useSetupChecklist();
  if (!data) return null;
  return (
    <>
      <FeedAlert feed={data.rates.feed} />
      {data.complete ? null : <ChecklistCard list={data} />}
    </>
  );
}
