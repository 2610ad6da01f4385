import { WEBHOOK_EVENTS, type WebhookWithSecret } from '@parley/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useCreateWebhook, useWebhooks } from '../api/webhooks';
import { WebhookEndpointItem } from './webhook-endpoint';
import { SecretOnce } from './webhook-secret';

function AddEndpointForm() {
  const { t } = useTranslation();
  const messageOf = useFormErrorMessage();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [made, setMade] = useState<WebhookWithSecret | null>(null);
  const [tried, setTried] = useState(false);
  const urlOk = /^https?:\/\/\S+$/i.test(url.trim());

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!urlOk || events.length === 0) return;
    create.mutate(
      { url: url.trim(), events: events as (typeof WEBHOOK_EVENTS)[number][] },
      {
        onSuccess: (endpoint) => {
          setMade(endpoint);
          setUrl('');
          setEvents([]);
          setTried(false);
        },
      },
    );
  };
  const toggle = (event: string) =>
    setEvents((now) => (now.includes(event) ? now.filter((e) => e !== event) : [...now, event]));

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {made && <SecretOnce secret={made.secret} />}
      <FormField
        id="webhook-url"
        label={t('webhooks.url')}
        description={t('webhooks.urlHint')}
        error={tried && !urlOk ? t('webhooks.badUrl') : null}
      >
        <Input
          type="url"
          dir="ltr"
          autoComplete="off"
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('webhooks.events')}</legend>
        <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={events.includes(event)}
                onChange={() => toggle(event)}
              />
              <span>
                <code dir="ltr">{event}</code>
                <span className="block text-muted-foreground">
                  {t(`webhooks.eventText.${event.replace('.', '_')}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        {tried && events.length === 0 && (
          <p className="text-sm text-destructive">{t('webhooks.chooseEvent')}</p>
        )}
      </fieldset>
      <FormError
        message={
          create.error ? messageOf(create.error, t('webhooks.failed'), t('account.network')) : null
        }
      />
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? t('webhooks.adding') : t('webhooks.add')}
      </Button>
    </form>
  );
}

/** /account's webhooks: add an endpoint, its secret once, each endpoint's state and log. */
export function WebhooksCard() {
  const { t } = useTranslation();
  const query = useWebhooks();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('webhooks.title')}</CardTitle>
        <CardDescription>{t('webhooks.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <AddEndpointForm />
        <QueryState
          query={query}
          errorText={t('webhooks.loadFailed')}
          empty={t('webhooks.none')}
          isEmpty={(d) => d.items.length === 0}
          small
        >
          {(data) => (
            <ul className="flex flex-col gap-4" aria-label={t('webhooks.listLabel')}>
              {data.items.map((endpoint) => (
                <WebhookEndpointItem key={endpoint.id} endpoint={endpoint} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
