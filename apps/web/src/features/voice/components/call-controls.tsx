import { Mic, MicOff } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { SoftphoneHandle } from '../softphone/use-softphone';

const KEYS: [string, string][] = [
  ['1', ''],
  ['2', 'ABC'],
  ['3', 'DEF'],
  ['4', 'GHI'],
  ['5', 'JKL'],
  ['6', 'MNO'],
  ['7', 'PQRS'],
  ['8', 'TUV'],
  ['9', 'WXYZ'],
  ['*', ''],
  ['0', '+'],
  ['#', ''],
];
const DIGIT = /^[0-9*#]$/;

/** Twelve keys sending tones; typed digits count too while a key has focus. */
function Keypad({ onDigit }: { onDigit: (digit: string) => void }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState('');
  const press = (digit: string) => {
    onDigit(digit);
    setSent((s) => (s + digit).slice(-20));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!DIGIT.test(e.key) || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    press(e.key);
  };
  return (
    <fieldset data-testid="softphone-keypad" onKeyDown={onKeyDown} className="space-y-2">
      <legend className="text-sm font-medium">{t('voice.softphone.keypad')}</legend>
      <output
        aria-label={t('voice.softphone.sent')}
        dir="ltr"
        className="block min-h-7 font-mono text-lg tracking-widest"
        data-testid="softphone-sent"
      >
        {sent}
      </output>
      <div className="grid max-w-64 grid-cols-3 gap-2" dir="ltr">
        {KEYS.map(([digit, letters]) => (
          <Button
            key={digit}
            type="button"
            variant="outline"
            className="h-12 flex-col gap-0"
            onClick={() => press(digit)}
          >
            <span className="text-lg font-semibold leading-none">{digit}</span>{' '}
            <span className="min-h-3 text-[0.625rem] leading-none text-muted-foreground">
              {letters}
            </span>
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/** In a softphone call: mute, and the keypad once answered. */
export function CallControls({ softphone }: { softphone: SoftphoneHandle }) {
  const { t } = useTranslation();
  const { phone, session } = softphone;
  if (!phone || !session) return null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          aria-pressed={session.muted}
          onClick={() => phone.mute(!session.muted)}
          data-testid="softphone-mute"
        >
          {session.muted ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
          {t('voice.softphone.mute')}
        </Button>
        {session.muted && (
          <p className="text-sm text-muted-foreground">{t('voice.softphone.muted')}</p>
        )}
      </div>
      {session.status === 'answered' && <Keypad onDigit={(d) => phone.sendDtmf(d)} />}
    </div>
  );
}
