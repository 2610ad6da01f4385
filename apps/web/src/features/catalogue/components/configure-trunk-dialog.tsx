import type { TrunkSettings } from '@parley/shared';
import {
  MAX_TRUNK_CHANNELS,
  MAX_TRUNK_IPS,
  TRUNK_AUTH_METHODS,
  TRUNK_CODECS,
  type TrunkAuthMethod,
  type TrunkCodec,
} from '@parley/shared/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Input, Label, Select } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { fieldText } from '@/lib/field-errors';
import { showToast } from '@/lib/toast';
import { useSaveTrunkSettings } from '../api/trunk-settings';

const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
// A loose shape check; the server parses IPv6 exactly.
const IPV6 = /^[0-9a-f:.]+$/i;

type Errors = Partial<Record<'concurrentCalls' | 'allowedIps', string>>;

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
  const [authMethod, setAuthMethod] = useState<TrunkAuthMethod>(current.authMethod);
  const [channels, setChannels] = useState(String(current.concurrentCalls));
  const [codec, setCodec] = useState<TrunkCodec>(current.codec);
  const [ips, setIps] = useState(current.allowedIps.join('\n'));
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const allowedIps = authMethod === 'ip' ? ips.split(/[\s,]+/).filter(Boolean) : [];
    const found: Errors = {};
    const n = Number(channels);
    if (!/^\d+$/.test(channels.trim()) || n < 1 || n > MAX_TRUNK_CHANNELS)
      found.concurrentCalls = t('sipTrunk.configure.channelsInvalid', { max: MAX_TRUNK_CHANNELS });
    if (authMethod === 'ip' && allowedIps.length === 0)
      found.allowedIps = t('sipTrunk.configure.ipsRequired');
    else if (allowedIps.length > MAX_TRUNK_IPS)
      found.allowedIps = t('sipTrunk.configure.ipsTooMany', { max: MAX_TRUNK_IPS });
    else {
      const bad = allowedIps.find((ip) => !IPV4.test(ip) && !(ip.includes(':') && IPV6.test(ip)));
      if (bad) found.allowedIps = t('sipTrunk.configure.ipInvalid', { ip: bad });
    }
    setErrors(found);
    const first = found.allowedIps ? 'trunk-ips' : found.concurrentCalls ? 'trunk-channels' : null;
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    save.mutate(
      { authMethod, concurrentCalls: n, codec, allowedIps },
      {
        onSuccess: () => {
          showToast('success', t('common.success'), t('sipTrunk.configure.saved'));
          onDone();
        },
        onError: (err) => {
          // The server's word on what the quick checks above let through (IPv6 details).
          if (err instanceof ApiError) {
            const fields = Object.entries(err.fields);
            setErrors({
              concurrentCalls: fieldText(t, err.fields.concurrentCalls),
              allowedIps: fieldText(t, fields.find(([name]) => name.startsWith('allowedIps'))?.[1]),
            });
          }
          showToast('error', t('common.error'), t('sipTrunk.configure.failed'));
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <DialogTitle>{t('sipTrunk.configure.title')}</DialogTitle>
      <DialogDescription>{t('sipTrunk.configure.description')}</DialogDescription>
      <div className="space-y-1.5">
        <Label htmlFor="trunk-auth">{t('sipTrunk.configure.authMethod')}</Label>
        <Select
          id="trunk-auth"
          value={authMethod}
          onChange={(e) => setAuthMethod(e.target.value as TrunkAuthMethod)}
        >
          {TRUNK_AUTH_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`sipTrunk.auth.${m}`)}
            </option>
          ))}
        </Select>
      </div>
      {authMethod === 'ip' && (
        <div className="space-y-1.5">
          <Label htmlFor="trunk-ips">{t('sipTrunk.configure.allowedIps')}</Label>
          <textarea
            id="trunk-ips"
            dir="ltr"
            rows={3}
            value={ips}
            onChange={(e) => setIps(e.target.value)}
            aria-invalid={errors.allowedIps ? true : undefined}
            aria-describedby={
              errors.allowedIps ? 'trunk-ips-hint trunk-ips-error' : 'trunk-ips-hint'
            }
            className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive"
          />
          <p id="trunk-ips-hint" className="text-xs text-muted-foreground">
            {t('sipTrunk.configure.allowedIpsHint')}
          </p>
          {errors.allowedIps && (
            <p id="trunk-ips-error" className="text-sm text-destructive">
              {errors.allowedIps}
            </p>
          )}
        </div>
      )}
      <div className="space-y-1.5">
        <Label htmlFor="trunk-channels">{t('sipTrunk.configure.channels')}</Label>
        <Input
          id="trunk-channels"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TRUNK_CHANNELS}
          step={1}
          value={channels}
          onChange={(e) => setChannels(e.target.value)}
          aria-invalid={errors.concurrentCalls ? true : undefined}
          aria-describedby={errors.concurrentCalls ? 'trunk-channels-error' : undefined}
        />
        {errors.concurrentCalls && (
          <p id="trunk-channels-error" className="text-sm text-destructive">
            {errors.concurrentCalls}
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="trunk-codec">{t('sipTrunk.configure.codec')}</Label>
        <Select
          id="trunk-codec"
          value={codec}
          onChange={(e) => setCodec(e.target.value as TrunkCodec)}
        >
          {TRUNK_CODECS.map((c) => (
            <option key={c} value={c}>
              {t(`sipTrunk.codecs.${c}`)}
            </option>
          ))}
        </Select>
      </div>
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
