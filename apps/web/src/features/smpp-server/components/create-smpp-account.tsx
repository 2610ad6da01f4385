import type { CreatedSmppAccount } from '@parley/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCreateSmppAccount } from '../api/smpp-accounts';
import { SmppAccountForm } from './smpp-account-form';
import { SmppCredentials } from './smpp-credentials';

/**
 * "Create SMPP account" and its dialog: the form, then the new account's password once.
 * Closing the dialog forgets the password; nothing can show it again.
 */
export function CreateSmppAccount({
  maxPerSecond,
  disabled,
}: {
  maxPerSecond: number;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const create = useCreateSmppAccount();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedSmppAccount | null>(null);
  const close = () => {
    setOpen(false);
    setCreated(null);
    create.reset();
  };
  return (
    <>
      <Button
        type="button"
        className="self-start"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <Plus aria-hidden="true" />
        {t('smpp.create')}
      </Button>
      <Dialog open={open} onOpenChange={(o) => (o ? setOpen(true) : close())}>
        <DialogContent closeLabel={t('common.close')}>
          <DialogTitle>{created ? t('smpp.created.dialogTitle') : t('smpp.create')}</DialogTitle>
          {created ? (
            <>
              <DialogDescription>{t('smpp.created.text')}</DialogDescription>
              <SmppCredentials created={created} />
              <DialogFooter>
                <Button type="button" onClick={close}>
                  {t('smpp.created.done')}
                </Button>
              </DialogFooter>
            </>
          ) : (
            <>
              <DialogDescription>{t('smpp.form.description')}</DialogDescription>
              <SmppAccountForm
                maxPerSecond={maxPerSecond}
                pending={create.isPending}
                error={create.error}
                onSubmit={(input) => create.mutate(input, { onSuccess: setCreated })}
              />
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
