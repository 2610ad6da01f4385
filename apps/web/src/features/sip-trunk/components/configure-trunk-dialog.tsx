import type { Trunk, Trunks } from '@parley/shared';
import { TRUNK_AUTH_METHODS, TRUNK_CODECS } from '@parley/shared/domain';
import { useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Input, Select } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { ltr } from '@/lib/bidi';
import { functionResolver, problemMessage, useErrorText } from '@/lib/form-resolver';
import { showToast } from '@/lib/toast';
import { useUpdateTrunk } from '../api/sip-trunk';
import { checkTrunk, refusedFields, type TrunkValues, toUpdate, valuesOf } from '../trunk-form';
import { AllowedIpsField } from './allowed-ips-field';

const COLUMN = 'flex flex-col gap-1.5';

/** The failover destination: usable with the failover add-on, else why not and where to buy it. */
function FailoverField({
  trunk,
  error,
  register,
  onBuyFailover,
}: {
  trunk: Trunk;
  error: string | undefined;
  register: UseFormRegisterReturn<'failoverHost'>;
  onBuyFailover: () => void;
}) {
  const { t } = useTranslation();
  if (!trunk.failover)
    return (
      <div className="flex flex-col gap-2 rounded-md border border-dashed p-3 text-sm">
        <p className="font-medium">{t('sipTrunk.configure.failoverHost')}</p>
        <p className="text-muted-foreground">{t('sipTrunk.configure.failoverNeedsAddon')}</p>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="self-start"
          onClick={onBuyFailover}
        >
          {t('sipTrunk.configure.buyFailover')}
        </Button>
      </div>
    );
  return (
    <FormField
      id="trunk-failover"
      label={t('sipTrunk.configure.failoverHost')}
      description={t('sipTrunk.configure.failoverHint')}
      error={error}
      className={COLUMN}
    >
      <Input
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        placeholder="backup.example.com:5060"
        {...register}
      />
    </FormField>
  );
}

/** The Configure Service form of one trunk; saving changes how the edge treats its calls. */
export function ConfigureTrunkForm({
  trunk,
  callerIds,
  onDone,
  onBuyFailover,
}: {
  trunk: Trunk;
  /** The numbers the customer may show: rented and verified. */
  callerIds: Trunks['callerIds'];
  onDone: () => void;
  onBuyFailover: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const messageOf = useFormErrorMessage();
  const save = useUpdateTrunk(trunk.id);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  // Errors are told on Save and stay until the next Save.
  const form = useForm<TrunkValues>({
    defaultValues: valuesOf(trunk),
    resolver: functionResolver<TrunkValues>((v) =>
      checkTrunk(v, trunk.maxChannels, t('sipTrunk.configure.ipsRequired')),
    ),
    reValidateMode: 'onSubmit',
  });
  const errors = form.formState.errors;
  const authMethod = form.watch('authMethod');

  const submit = form.handleSubmit((v) => {
    setFormProblem(null);
    save.mutate(toUpdate(v, trunk), {
      onSuccess: () => {
        showToast('success', t('common.success'), t('sipTrunk.configure.saved'));
        onDone();
      },
      onError: (err) => {
        const placed = err instanceof ApiError ? refusedFields(err.issues, v) : [];
        for (const [name, problem] of placed)
          form.setError(name, { message: problemMessage(problem) }, { shouldFocus: true });
        if (placed.length === 0)
          setFormProblem(messageOf(err, t('sipTrunk.configure.failed'), t('account.network')));
      },
    });
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <DialogTitle>{t('sipTrunk.configure.title')}</DialogTitle>
      <DialogDescription>
        {t('sipTrunk.configure.description', { name: trunk.name })}
      </DialogDescription>
      {/* Each select starts at the saved choice in the DOM too: react-hook-form takes a
          select's own value when it registers it. */}
      <FormField id="trunk-auth" label={t('sipTrunk.configure.authMethod')} className={COLUMN}>
        <Select defaultValue={trunk.authMethod} {...form.register('authMethod')}>
          {TRUNK_AUTH_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`sipTrunk.auth.${m}`)}
            </option>
          ))}
        </Select>
      </FormField>
      {authMethod === 'ip' && <AllowedIpsField form={form} />}
      <FormField
        id="trunk-channels"
        label={t('sipTrunk.configure.channels')}
        description={t('sipTrunk.configure.channelsHint', { max: trunk.maxChannels })}
        error={errorText(errors.channels?.message)}
        className={COLUMN}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={trunk.maxChannels}
          step={1}
          dir="ltr"
          className="max-w-40"
          {...form.register('channels')}
        />
      </FormField>
      <FormField
        id="trunk-codec"
        label={t('sipTrunk.configure.codec')}
        description={t('sipTrunk.configure.codecHint')}
        className={COLUMN}
      >
        <Select defaultValue={trunk.codec} {...form.register('codec')}>
          {TRUNK_CODECS.map((c) => (
            <option key={c} value={c}>
              {t(`sipTrunk.codecs.${c}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        id="trunk-caller-id"
        label={t('sipTrunk.configure.callerId')}
        description={t('sipTrunk.configure.callerIdHint')}
        error={errorText(errors.callerId?.message)}
        className={COLUMN}
      >
        <Select defaultValue={trunk.callerId ?? ''} {...form.register('callerId')}>
          <option value="">{t('sipTrunk.configure.callerIdNone')}</option>
          {callerIds.map((number) => (
            <option key={number} value={number}>
              {ltr(number)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        id="trunk-inbound"
        label={t('sipTrunk.configure.inboundHost')}
        description={t('sipTrunk.configure.inboundHint')}
        error={errorText(errors.inboundHost?.message)}
        className={COLUMN}
      >
        <Input
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          placeholder="pbx.example.com:5060"
          {...form.register('inboundHost')}
        />
      </FormField>
      <FailoverField
        trunk={trunk}
        error={errorText(errors.failoverHost?.message)}
        register={form.register('failoverHost')}
        onBuyFailover={onBuyFailover}
      />
      <FormError message={formProblem} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('sipTrunk.configure.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
