import { SMPP_ALLOWED_IPS_MAX, SMPP_LABEL_MAX, type SmppAccountInput } from '@parley/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { fieldTexts } from '@/lib/field-errors';
import { badAddresses, splitAddresses } from '../allowed-ips';

type Field = 'label' | 'allowedIps' | 'maxPerSecond';
type Problems = Partial<Record<Field, string>>;
/** Refusals about the throughput asked for: told under that field. */
const RATE_CODES = ['SMPP_THROUGHPUT_OVER_MAX'];

const TEXTAREA =
  'min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-ring';

/**
 * A new account's name, the addresses it may bind from and its messages a second (the
 * operator's maximum shown); `onSubmit` sends it. The server's refusal comes back as
 * `error`, each field's under that field.
 */
export function SmppAccountForm({
  maxPerSecond,
  pending,
  error,
  onSubmit,
}: {
  maxPerSecond: number;
  pending: boolean;
  error: unknown;
  onSubmit: (input: SmppAccountInput) => void;
}) {
  const { t } = useTranslation();
  const messageOf = useFormErrorMessage();
  const [label, setLabel] = useState('');
  const [ips, setIps] = useState('');
  const [rate, setRate] = useState(String(Math.min(10, maxPerSecond)));
  const [local, setLocal] = useState<Problems>({});

  const check = (): { problems: Problems; input: SmppAccountInput } => {
    const allowedIps = splitAddresses(ips);
    const bad = badAddresses(allowedIps);
    const n = Number(rate);
    const problems: Problems = {};
    if (!label.trim()) problems.label = t('smpp.form.nameRequired');
    if (bad.length) problems.allowedIps = t('smpp.form.badAddresses', { list: bad.join(', ') });
    else if (allowedIps.length > SMPP_ALLOWED_IPS_MAX)
      problems.allowedIps = t('smpp.form.tooManyAddresses', { max: SMPP_ALLOWED_IPS_MAX });
    if (!/^\d+$/.test(rate.trim()) || n < 1 || n > maxPerSecond)
      problems.maxPerSecond = t('smpp.form.rateRange', { max: maxPerSecond });
    return { problems, input: { label: label.trim(), allowedIps, maxPerSecond: n } };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { problems, input } = check();
    setLocal(problems);
    if (Object.keys(problems).length === 0) onSubmit(input);
  };

  const refused = error instanceof ApiError ? error : null;
  const server: Problems = refused ? fieldTexts(t, refused.fields) : {};
  if (refused?.code && RATE_CODES.includes(refused.code))
    server.maxPerSecond = t(`errors.${refused.code}`, { max: maxPerSecond });
  const shown = (f: Field) => local[f] ?? server[f] ?? null;
  const fieldTold = refused && Object.keys(server).length > 0;
  const formProblem =
    error && !fieldTold ? messageOf(error, t('smpp.form.failed'), t('account.network')) : null;

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <FormField id="smpp-label" label={t('smpp.form.name')} error={shown('label')}>
        <Input
          value={label}
          maxLength={SMPP_LABEL_MAX}
          autoComplete="off"
          dir="auto"
          onChange={(e) => setLabel(e.target.value)}
        />
      </FormField>
      <FormField
        id="smpp-allowed-ips"
        label={t('smpp.form.addresses')}
        description={t('smpp.form.addressesHint')}
        error={shown('allowedIps')}
      >
        <textarea
          className={TEXTAREA}
          dir="ltr"
          rows={3}
          spellCheck={false}
          autoComplete="off"
          placeholder={'203.0.113.7\n198.51.100.0/24'}
          value={ips}
          onChange={(e) => setIps(e.target.value)}
        />
      </FormField>
      <FormField
        id="smpp-rate"
        label={t('smpp.form.rate')}
        description={t('smpp.form.rateHint', { max: maxPerSecond })}
        error={shown('maxPerSecond')}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={maxPerSecond}
          step={1}
          dir="ltr"
          className="max-w-40"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
        />
      </FormField>
      <FormError message={formProblem} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('common.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? t('smpp.form.creating') : t('smpp.form.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}
