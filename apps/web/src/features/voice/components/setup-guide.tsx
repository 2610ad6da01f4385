import type { SipAccount } from '@parley/shared';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Three softphones and their official download pages. */
export const SOFTPHONES = [
  {
    key: 'zoiper',
    name: 'Zoiper',
    url: 'https://www.zoiper.com/en/voip-softphone/download/current',
    platforms: 'Windows, macOS, Linux, Android, iOS',
  },
  {
    key: 'linphone',
    name: 'Linphone',
    url: 'https://www.linphone.org/en/download/',
    platforms: 'Windows, macOS, Linux, Android, iOS',
  },
  {
    key: 'microsip',
    name: 'MicroSIP',
    url: 'https://www.microsip.org/downloads',
    platforms: 'Windows',
  },
] as const;

/** Setup guide: for each softphone where to get it, where to enter the account, and what. */
export function SetupGuide({ account }: { account: SipAccount }) {
  const { t } = useTranslation();
  // [label, value, whether the value is to be typed as it is (shown in monospace)]
  const settings: [string, string, boolean][] = [
    [t('voice.credentials.username'), account.username, true],
    [t('auth.password'), t('voice.guide.passwordValue'), false],
    [t('voice.guide.domainField'), account.domain, true],
    [
      t('voice.guide.transportField'),
      `UDP ${account.ports.udp} · TCP ${account.ports.tcp} · TLS ${account.ports.tls}`,
      true,
    ],
  ];
  return (
    <div className="space-y-6">
      <p className="text-muted-foreground">{t('voice.guide.intro')}</p>
      <ul className="grid gap-6 lg:grid-cols-3">
        {SOFTPHONES.map((app) => (
          <li key={app.key} className="min-w-0">
            <Card className="h-full">
              <CardHeader>
                <CardTitle as="h2">{app.name}</CardTitle>
                <CardDescription>{app.platforms}</CardDescription>
              </CardHeader>
              <CardContent className="space-y-4 text-sm">
                <a
                  href={app.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-primary underline"
                >
                  {t('voice.guide.download', { name: app.name })}
                  <ExternalLink aria-hidden="true" className="size-4" />
                  <span className="sr-only">{t('voice.guide.newTab')}</span>
                </a>
                <ol className="list-decimal space-y-1 ps-5">
                  <li>{t('voice.guide.install', { name: app.name })}</li>
                  <li>{t(`voice.guide.steps.${app.key}`)}</li>
                  <li>{t('voice.guide.enter')}</li>
                </ol>
                <dl className="space-y-2 rounded-md bg-muted/50 p-3">
                  {settings.map(([label, value, literal]) => (
                    <div key={label}>
                      <dt className="text-xs text-muted-foreground">{label}</dt>
                      <dd
                        className={literal ? 'break-all font-mono font-semibold' : 'italic'}
                        dir="auto"
                      >
                        {value}
                      </dd>
                    </div>
                  ))}
                </dl>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
