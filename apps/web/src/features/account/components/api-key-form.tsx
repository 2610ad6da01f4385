import { API_KEY_NAME_MAX, API_SCOPES, type ApiScope, type CreatedApiKey } from '@parley/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCreateApiKey } from '../api/api-keys';

/** Today in the reader's time zone, as a date input writes it. */
const today = () =>
  new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** A date input's day as the end of that day in the reader's time zone. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

/** The secret, shown once, with a copy button and the warning that it cannot be shown again. */
function SecretOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="api-key-secret-title"
      className="flex flex-col gap-3 rounded-md border border-amber-600/40 bg-amber-50 p-4 text-amber-950"
    >
      <h3 id="api-key-secret-title" className="font-semibold">
        {t('apiKeys.secretTitle', { name: created.name })}
      </h3>
      <p role="alert" className="text-sm">
        {t('apiKeys.secretWarning')}
      </p>
      <code
        dir="ltr"
        data-testid="api-key-secret"
        className="break-all rounded bg-white p-2 font-mono text-sm"
      >
        {created.secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={created.secret} label={t('apiKeys.copy')} />
        <Button type="button" onClick={onDone}>
          {t('apiKeys.done')}
        </Button>
      </div>
    </section>
  );
}

/** Create a key: a name, its scopes and an optional last day; then its secret, once. */
export function ApiKeyForm() {
  const { t } = useTranslation();
  const errorMessage = useFormErrorMessage();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expires, setExpires] = useState('');
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  if (created) return <SecretOnce created={created} onDone={() => setCreated(null)} />;

  const nameError = tried && name.trim() === '' ? t('apiKeys.nameRequired') : null;
  const scopesError = tried && scopes.length === 0 ? t('apiKeys.scopesRequired') : null;
  const expiryError = tried && expires !== '' && expires < today() ? t('apiKeys.expiryPast') : null;
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (name.trim() === '' || scopes.length === 0 || (expires !== '' && expires < today())) return;
    create.mutate(
      { name: name.trim(), scopes, ...(expires ? { expiresAt: endOfDay(expires) } : {}) },
      {
        onSuccess: (key) => {
          setCreated(key);
          setName('');
          setScopes([]);
          setExpires('');
          setTried(false);
        },
      },
    );
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <FormField id="api-key-name" label={t('apiKeys.name')} error={nameError}>
        <Input
          value={name}
          maxLength={API_KEY_NAME_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={scopesError ? 'api-key-scopes-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{t('apiKeys.scopes')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {API_SCOPES.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1 size-4"
                checked={scopes.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
              />
              <span>
                <code dir="ltr">{scope}</code>
                <span className="block text-muted-foreground">
                  {t(`apiKeys.scopeText.${scope.replace(':', '_')}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        {scopesError && (
          <p id="api-key-scopes-error" className="text-sm text-destructive">
            {scopesError}
          </p>
        )}
      </fieldset>
      <FormField
        id="api-key-expiry"
        label={t('apiKeys.expiry')}
        description={t('apiKeys.expiryHint')}
        error={expiryError}
      >
        <Input
          type="date"
          min={today()}
          className="max-w-48"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
        />
      </FormField>
      <FormError
        message={
          create.error
            ? errorMessage(create.error, t('apiKeys.createFailed'), t('account.network'))
            : null
        }
      />
      <Button type="submit" disabled={create.isPending} className="self-start">
        {create.isPending ? t('apiKeys.creating') : t('apiKeys.create')}
      </Button>
    </form>
  );
}
