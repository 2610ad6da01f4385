import type { Trunk, Trunks } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { asteriskPjsip, freeswitchGateway, type PeerValues, threeCxFields } from '../pbx-config';

const MASK = '••••••••';

const EXAMPLES = [
  { key: 'asterisk', text: asteriskPjsip },
  { key: 'freeswitch', text: freeswitchGateway },
  { key: 'threeCx', text: threeCxFields },
] as const;

/** A configuration to copy: shown with the password masked, copied with the real one. */
function CodeBlock({
  id,
  title,
  shown,
  copied,
}: {
  id: string;
  title: string;
  shown: string;
  copied: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={id} className="font-semibold">
          {title}
        </h4>
        <CopyButton text={copied} label={t('sipTrunk.peer.copy', { name: title })} />
      </div>
      <pre
        dir="ltr"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must take focus.
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-md bg-slate-950 p-4 text-xs leading-relaxed text-slate-50 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <code>{shown}</code>
      </pre>
    </section>
  );
}

/**
 * The technical tab's peer settings for the customer's PBX, filled with this trunk's
 * values: Asterisk pjsip, a FreeSWITCH gateway and the 3CX fields.
 */
export function PbxExamples({ trunk, edge }: { trunk: Trunk; edge: Trunks['edge'] }) {
  const { t } = useTranslation();
  const values = (password: string): PeerValues => ({ trunk, password, edge });
  return (
    <section aria-labelledby={`trunk-${trunk.id}-peer`} className="space-y-4">
      <h3 id={`trunk-${trunk.id}-peer`} className="text-lg font-semibold">
        {t('sipTrunk.peer.title')}
      </h3>
      <p className="text-sm text-muted-foreground">
        {t(`sipTrunk.peer.intro.${trunk.authMethod}`, { port: edge.tls })}{' '}
        {t('sipTrunk.peer.masked')}
      </p>
      {EXAMPLES.map(({ key, text }) => (
        <CodeBlock
          key={key}
          id={`trunk-${trunk.id}-peer-${key}`}
          title={t(`sipTrunk.peer.${key}`)}
          shown={text(values(MASK))}
          copied={text(values(trunk.password))}
        />
      ))}
    </section>
  );
}
