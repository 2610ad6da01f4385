import type { MailDomain } from '@parley/shared';
import { sendingDomainProblem } from '@parley/shared/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { fieldText, fieldTexts } from '@/lib/field-errors';
import { useAddMailDomain } from '../api/mail';

/**
 * Adds a sending domain: checked here with the server's own rule, then by the server
 * (already added, another account's); each refusal is told under the field.
 */
export function AddDomainForm({
  disabled,
  onAdded,
}: {
  disabled: boolean;
  onAdded: (domain: MailDomain) => void;
}) {
  const { t } = useTranslation();
  const add = useAddMailDomain();
  const messageOf = useFormErrorMessage();
  const [domain, setDomain] = useState('');
  const [local, setLocal] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = sendingDomainProblem(domain);
    setLocal(fieldText(t, problem) ?? null);
    if (problem) return;
    add.mutate(domain, {
      onSuccess: (added) => {
        setDomain('');
        onAdded(added);
      },
    });
  };

  const refused = add.error instanceof ApiError ? add.error : null;
  const server = refused ? fieldTexts(t, refused.fields).domain : undefined;
  const error = local ?? server ?? null;
  const formProblem =
    add.error && !server
      ? messageOf(add.error, t('mail.domains.addFailed'), t('account.network'))
      : null;

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField
          id="mail-domain"
          label={t('mail.domains.domain')}
          description={t('mail.domains.domainHint')}
          error={error}
          className="flex min-w-0 flex-1 flex-col gap-2"
        >
          <Input
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            maxLength={260}
            placeholder="example.com"
            value={domain}
            onChange={(e) => {
              setDomain(e.target.value);
              if (local) setLocal(null);
              if (add.error) add.reset();
            }}
          />
        </FormField>
        <Button type="submit" className="sm:mt-6" disabled={disabled || add.isPending}>
          {add.isPending ? t('mail.domains.adding') : t('mail.domains.add')}
        </Button>
      </div>
      <FormError message={formProblem} />
    </form>
  );
}
