import { SANDBOX_TEST_ENDINGS } from '@parley/shared/domain';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SandboxOutcome } from '../call-rules';

const OUTCOMES = Object.keys(SANDBOX_TEST_ENDINGS) as SandboxOutcome[];

/** In sandbox mode: calls are simulated, and which destinations do what. */
export function SandboxNote() {
  const { t } = useTranslation();
  return (
    <aside
      aria-labelledby="sip-sandbox-title"
      className="space-y-2 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950"
    >
      <h2 id="sip-sandbox-title" className="flex items-center gap-2 font-semibold">
        <FlaskConical aria-hidden="true" className="size-4" />
        {t('voice.sandbox.title')}
      </h2>
      <p>{t('voice.sandbox.text')}</p>
      <ul className="space-y-1">
        {OUTCOMES.map((outcome) => (
          <li key={outcome} data-testid="sandbox-ending">
            <span className="font-mono font-semibold" dir="ltr">
              …{SANDBOX_TEST_ENDINGS[outcome]}
            </span>{' '}
            — {t(`voice.sandbox.ending.${outcome}`)}
          </li>
        ))}
        <li>{t('voice.sandbox.other')}</li>
      </ul>
    </aside>
  );
}
