import {
  type CreatedMailCredential,
  MAIL_DEFAULT_HOURLY_LIMIT,
  MAIL_MAX_HOURLY_LIMIT,
} from '@parley/shared';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { fieldTexts } from '@/lib/field-errors';
import { useCreateMailCredential } from '../api/mail';
import { useMailFormat } from '../mail-format';

function Secret(props: { label: string; value: string; copy: string; testId: string }) {
  const { label, value, copy, testId } = props;
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex flex-wrap items-center gap-2">
        <code
          dir="ltr"
          data-testid={testId}
          className="min-w-0 flex-1 break-all rounded bg-white p-2 font-mono text-sm"
        >
          {value}
        </code>
        <CopyButton text={value} label={copy} />
      </div>
    </div>
  );
}

/** The new user's name and password: the password is in this answer only. */
function CreatedUser({ created }: { created: CreatedMailCredential }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 rounded-md border border-amber-600/40 bg-amber-50 p-4 text-amber-950">
      <p role="alert" className="text-sm font-medium">
        {t('mail.users.onceWarning')}
      </p>
      <Secret
        label={t('mail.users.username')}
        value={created.username}
        copy={t('mail.users.copyUsername')}
        testId="mail-new-username"
      />
      <Secret
        label={t('mail.users.password')}
        value={created.password}
        copy={t('mail.users.copyPassword')}
        testId="mail-new-password"
      />
    </div>
  );
}

/** The hourly limit asked for: a whole number from 1 to the most allowed. */
const limitOk = (text: string) => {
  const n = Number(text.trim());
  return /^\d+$/.test(text.trim()) && n >= 1 && n <= MAIL_MAX_HOURLY_LIMIT;
};

function CreateForm({ onCreated }: { onCreated: (created: CreatedMailCredential) => void }) {
  const { t } = useTranslation();
  const create = useCreateMailCredential();
  const messageOf = useFormErrorMessage();
  const [limit, setLimit] = useState(String(MAIL_DEFAULT_HOURLY_LIMIT));
  const [tried, setTried] = useState(false);
  const max = useMailFormat().count(MAIL_MAX_HOURLY_LIMIT);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (limitOk(limit)) create.mutate(Number(limit.trim()), { onSuccess: onCreated });
  };
  const refused = create.error instanceof ApiError ? create.error : null;
  const server = refused ? fieldTexts(t, refused.fields) : {};
  const local = tried && !limitOk(limit) ? t('mail.users.limitRange', { max }) : null;
  const fieldError = local ?? server.hourlyLimit ?? null;
  const formProblem =
    create.error && !server.hourlyLimit
      ? messageOf(create.error, t('mail.users.createFailed'), t('account.network'))
      : null;
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <FormField
        id="mail-hourly-limit"
        label={t('mail.users.hourlyLimit')}
        description={t('mail.users.hourlyLimitHint', { max })}
        error={fieldError}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAIL_MAX_HOURLY_LIMIT}
          step={1}
          dir="ltr"
          className="max-w-40"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
        />
      </FormField>
      <FormError message={formProblem} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('common.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('mail.users.creating') : t('mail.users.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * "Create SMTP user" and its dialog: the hourly limit, then the new user's password once.
 * Closing the dialog forgets the password; nothing can show it again.
 */
export function CreateSmtpUser({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedMailCredential | null>(null);
  // A new form each time the dialog opens: no error or limit left from the last one.
  const [round, setRound] = useState(0);
  const close = () => {
    setOpen(false);
    setCreated(null);
  };
  return (
    <>
      <Button
        type="button"
        className="self-start"
        disabled={disabled}
        onClick={() => {
          setRound((n) => n + 1);
          setOpen(true);
        }}
      >
        <Plus aria-hidden="true" />
        {t('mail.users.create')}
      </Button>
      <Dialog open={open} onOpenChange={(o) => (o ? setOpen(true) : close())}>
        <DialogContent closeLabel={t('common.close')}>
          <DialogTitle>
            {created ? t('mail.users.createdTitle') : t('mail.users.create')}
          </DialogTitle>
          {created ? (
            <>
              <DialogDescription>{t('mail.users.createdText')}</DialogDescription>
              <CreatedUser created={created} />
              <DialogFooter>
                <Button type="button" onClick={close}>
                  {t('mail.users.done')}
                </Button>
              </DialogFooter>
            </>
          ) : (
            <>
              <DialogDescription>{t('mail.users.formText')}</DialogDescription>
              <CreateForm key={round} onCreated={setCreated} />
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
