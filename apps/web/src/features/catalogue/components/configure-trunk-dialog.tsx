import type { TrunkSettings } from '@parley/shared';
import {
  MAX_TRUNK_CHANNELS,
  MAX_TRUNK_IPS,
  TRUNK_AUTH_METHODS,
  TRUNK_CODECS,
  type TrunkAuthMethod,
  type TrunkCodec,
} from '@parley/shared/domain';
import type { TFunction } from 'i18next';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Input, Select } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { fieldText } from '@/lib/field-errors';
import { functionResolver } from '@/lib/form-resolver';
import { showToast } from '@/lib/toast';
import { useSaveTrunkSettings } from '../api/trunk-settings';

const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
// A loose shape check; the server parses IPv6 exactly.
const IPV6 = /^[0-9a-f:.]+$/i;

type Values = {
  authMethod: TrunkAuthMethod;
  channels: string;
  codec: TrunkCodec;
  ips: string;
};

const ipsOf = (v: Values) => (v.authMethod === 'ip' ? v.ips.split(/[\s,]+/).filter(Boolean) : []);

/** The quick checks made before saving; the server has the last word (IPv6 details). */
function check(v: Values, t: TFunction) {
  const n = Number(v.channels);
  const allowedIps = ipsOf(v);
  const bad = allowedIps.find((ip) => !IPV4.test(ip) && !(ip.includes(':') && IPV6.test(ip)));
  return {
    channels:
      !/^\d+$/.test(v.channels.trim()) || n < 1 || n > MAX_TRUNK_CHANNELS
        ? t('sipTrunk.configure.channelsInvalid', { max: MAX_TRUNK_CHANNELS })
        : undefined,
    ips:
      v.authMethod === 'ip' && allowedIps.length === 0
        ? t('sipTrunk.configure.ipsRequired')
        : allowedIps.length > MAX_TRUNK_IPS
          ? t('sipTrunk.configure.ipsTooMany', { max: MAX_TRUNK_IPS })
          : bad
            ? t('sipTrunk.configure.ipInvalid', { ip: bad })
            : undefined,
  };
}

/** The Configure Service form; saving stores the customer's preferred trunk settings. */
export function ConfigureTrunkForm({
  current,
  onDone,
}: {
  current: TrunkSettings;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTrunkSettings();
  // Errors are told on Save and stay until the next Save.
  const form = useForm<Values>({
    defaultValues: {
      authMethod: current.authMethod,
      channels: String(current.concurrentCalls),
      codec: current.codec,
      ips: current.allowedIps.join('\n'),
    },
    resolver: functionResolver<Values>((v) => check(v, t)),
    reValidateMode: 'onSubmit',
  });
  const errors = form.formState.errors;
  const authMethod = form.watch('authMethod');

  const submit = form.handleSubmit((v) =>
    save.mutate(
      {
        authMethod: v.authMethod,
        concurrentCalls: Number(v.channels),
        codec: v.codec,
        allowedIps: ipsOf(v),
      },
      {
        onSuccess: () => {
          showToast('success', t('common.success'), t('sipTrunk.configure.saved'));
          onDone();
        },
        onError: (err) => {
          // The server's word on what the quick checks above let through (IPv6 details).
          if (err instanceof ApiError) {
            const ips = Object.entries(err.fields).find(([name]) => name.startsWith('allowedIps'));
            if (err.fields.concurrentCalls)
              form.setError('channels', { message: fieldText(t, err.fields.concurrentCalls) });
            if (ips) form.setError('ips', { message: fieldText(t, ips[1]) });
          }
          showToast('error', t('common.error'), t('sipTrunk.configure.failed'));
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <DialogTitle>{t('sipTrunk.configure.title')}</DialogTitle>
      <DialogDescription>{t('sipTrunk.configure.description')}</DialogDescription>
      <FormField
        id="trunk-auth"
        label={t('sipTrunk.configure.authMethod')}
        className="flex flex-col gap-1.5"
      >
        <Select {...form.register('authMethod')}>
          {TRUNK_AUTH_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`sipTrunk.auth.${m}`)}
            </option>
          ))}
        </Select>
      </FormField>
      {authMethod === 'ip' && (
        <FormField
          id="trunk-ips"
          label={t('sipTrunk.configure.allowedIps')}
          description={t('sipTrunk.configure.allowedIpsHint')}
          error={errors.ips?.message}
          className="flex flex-col gap-1.5"
        >
          <textarea
            dir="ltr"
            rows={3}
            {...form.register('ips')}
            className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive"
          />
        </FormField>
      )}
      <FormField
        id="trunk-channels"
        label={t('sipTrunk.configure.channels')}
        error={errors.channels?.message}
        className="flex flex-col gap-1.5"
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TRUNK_CHANNELS}
          step={1}
          {...form.register('channels')}
        />
      </FormField>
      <FormField
        id="trunk-codec"
        label={t('sipTrunk.configure.codec')}
        className="flex flex-col gap-1.5"
      >
        <Select {...form.register('codec')}>
          {TRUNK_CODECS.map((c) => (
            <option key={c} value={c}>
              {t(`sipTrunk.codecs.${c}`)}
            </option>
          ))}
        </Select>
      </FormField>
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
